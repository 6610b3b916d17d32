import type { SignInResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const passwordLogin = (body: { email: string; password: string }) =>
  api<SignInResponse>('/auth/login', { method: 'POST', body, auth: false });

export const usePasswordLogin = () => useMutation({ mutationFn: passwordLogin });
