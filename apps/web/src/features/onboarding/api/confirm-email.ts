import type { AuthResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const confirmEmail = (body: { email: string; code: string }) =>
  api<AuthResponse>('/onboarding/email/confirm', { method: 'POST', body });

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
