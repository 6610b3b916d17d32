import { type OnboardingBody, toRoleName } from '@rozmova/contract';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { updateSession } from '../../../lib/session';
import { clearDraft } from '../draft';

const SAVE_KEY = ['onboarding', 'save'];

export const saveOnboarding = (body: OnboardingBody) => api<unknown>('/onboarding', { method: 'PUT', body });

/**
 * The finish save. Its outcome is handled here rather than by the caller, because the caller leaves
 * for /dashboard before the answer comes and the wizard that shows the result is a new instance.
 */
export const useSaveOnboarding = () =>
  useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: saveOnboarding,
    onSuccess: (_, body) => {
      clearDraft();
      updateSession({ profileCompleted: true, role: toRoleName(body.role), ...(body.newEmail ? { email: body.newEmail } : {}) });
      notify.success(i18n.t('toast.profileCompleted'));
    },
    onError: () => notify.error(i18n.t('onboarding.saveError')),
  });

/** Whether a finish save is still running (possibly started by an earlier instance of the wizard). */
export const useSavingOnboarding = () => useMutationState({ filters: { mutationKey: SAVE_KEY, status: 'pending' } }).length > 0;
