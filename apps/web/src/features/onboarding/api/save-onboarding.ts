import type { OnboardingBody } from '@rozmova/contract';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const saveKey = ['onboarding', 'save'] as const;

export const saveOnboarding = (body: OnboardingBody) => api<unknown>('/onboarding', { method: 'PUT', body });

export const useSaveOnboarding = () => useMutation({ mutationKey: saveKey, mutationFn: saveOnboarding });

/** Whether a finish save is still running (possibly started by an earlier instance of the wizard). */
export const useSavingOnboarding = () => useMutationState({ filters: { mutationKey: saveKey, status: 'pending' } }).length > 0;
