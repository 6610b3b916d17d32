import { appScreen } from './app-sign-in';
import { LoginScreen } from './screens/login-screen';

/** /login in the app; first loaded, the sign-in entry (src/sign-in.tsx) shows the same screen. */
export default appScreen(LoginScreen, true);
