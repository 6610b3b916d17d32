import type { AuthResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The second step of a sign-in: the first step's mfaToken and a code from the app (or a recovery code). */
export const completeSecondStep = (body: { mfaToken: string; code: string }) =>
  api<AuthResponse>('/auth/mfa', { method: 'POST', body, auth: false });

export const useSecondStep = () => useMutation({ mutationFn: completeSecondStep });
