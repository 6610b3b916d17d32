import type { SignInResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const verifyCode = (body: { email: string; code: string }) =>
  api<SignInResponse>('/auth/email/verify-code', { method: 'POST', body, auth: false });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
