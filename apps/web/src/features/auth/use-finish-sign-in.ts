import type { SignInResponse } from '@rozmova/contract';
import { returnPath, saveAuth } from '../../lib/session';
import { keepMfaToken } from './second-step-token';
import { useSignIn } from './sign-in-env';

/** After any successful sign-in: keep the session, greet, and go on to the dashboard or onboarding. */
export function useFinishSignIn() {
  const { t, navigate, location, toast } = useSignIn();
  return (auth: SignInResponse) => {
    // A second factor is asked first; where the sign-in was headed travels along.
    if ('mfaRequired' in auth) {
      keepMfaToken(auth);
      navigate('/two-step', { state: location.state });
      return;
    }
    saveAuth(auth);
    toast('success', t('toast.loginSuccess'));
    // A deep link opened while signed out (a mail's "Join the call") goes on after sign-in, or after onboarding.
    navigate(auth.profileCompleted ? (returnPath() ?? '/dashboard') : '/onboarding', { replace: true });
  };
}
