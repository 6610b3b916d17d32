import { toRoleName } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { updateSession } from '../../lib/session';
import { browserTimeZone } from '../../lib/time-zones';
import { useSaveOnboarding } from './api/save-onboarding';
import { clearDraft } from './draft';
import { type OnboardingValues, toBody } from './values';

/**
 * The spec's order: leave for /dashboard at once, then save; the guard brings an unfinished profile back here.
 * The outcome is handled on the mutateAsync promise: mutate's own callbacks would be dropped with this wizard,
 * which is gone before the answer comes.
 */
export function useFinishOnboarding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveOnboarding();
  return (values: OnboardingValues) => {
    const body = toBody(values, browserTimeZone());
    navigate('/dashboard', { replace: true });
    save.mutateAsync(body).then(
      () => {
        clearDraft();
        updateSession({
          profileCompleted: true,
          role: toRoleName(body.role),
          ...(body.newEmail ? { email: body.newEmail } : {}),
        });
        notify.success(t('toast.profileCompleted'));
      },
      () => notify.error(t('onboarding.saveError')),
    );
  };
}
