import { appScreen } from './app-sign-in';
import { AuthEmailScreen } from './screens/auth-email-screen';

/** /auth-email in the app; first loaded, the sign-in entry (src/sign-in.tsx) shows the same screen. */
export default appScreen(AuthEmailScreen, true);
