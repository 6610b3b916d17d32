import { appScreen } from './app-sign-in';
import { MagicLoginScreen } from './screens/magic-login-screen';

/** /magic-login in the app; first loaded, the sign-in entry (src/sign-in.tsx) shows the same screen. */
export default appScreen(MagicLoginScreen, true);
