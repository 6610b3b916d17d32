import type { AuthResponse } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { saveAuth } from '../../lib/session';

/** After any successful sign-in: keep the session, greet, and go on to the dashboard or onboarding. */
export function useFinishSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (auth: AuthResponse) => {
    saveAuth(auth);
    notify.success(t('toast.loginSuccess'));
    navigate(auth.profileCompleted ? '/dashboard' : '/onboarding', { replace: true });
  };
}
