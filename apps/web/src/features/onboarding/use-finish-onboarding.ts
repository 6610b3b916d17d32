import { toRoleName } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setLocale } from '../../lib/locale';
import { meQuery } from '../../lib/me';
import { notify } from '../../lib/notify';
import { takeReturn, updateSession } from '../../lib/session';
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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveOnboarding();
  const queryClient = useQueryClient();
  return (values: OnboardingValues) => {
    const body = toBody(values, browserTimeZone());
    navigate('/dashboard', { replace: true });
    save.mutateAsync(body).then(
      async () => {
        clearDraft();
        // The account read before (names, and the platform's zone until now) is the saved one no more.
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        // The language chosen here is the interface's from now on, as it is the mails'.
        await setLocale(values.language);
        updateSession({
          profileCompleted: true,
          role: toRoleName(body.role),
          ...(body.newEmail ? { email: body.newEmail } : {}),
        });
        // In the language just chosen: this hook's `t` is bound to the one the wizard was shown in.
        notify.success(i18n.t('toast.profileCompleted'));
        const back = takeReturn();
        if (back) navigate(back, { replace: true });
      },
      () => notify.error(t('onboarding.saveError')),
    );
  };
}
