import type { SignInResponse } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { returnPath, saveAuth } from '../../lib/session';
import { keepMfaToken } from './second-step-token';

/** After any successful sign-in: keep the session, greet, and go on to the dashboard or onboarding. */
export function useFinishSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  return (auth: SignInResponse) => {
    // A second factor is asked first; where the sign-in was headed travels along.
    if ('mfaRequired' in auth) {
      keepMfaToken(auth);
      navigate('/two-step', { state });
      return;
    }
    saveAuth(auth);
    notify.success(t('toast.loginSuccess'));
    // A deep link opened while signed out (a mail's "Join the call") goes on after sign-in, or after onboarding.
    navigate(auth.profileCompleted ? (returnPath() ?? '/dashboard') : '/onboarding', { replace: true });
  };
}
