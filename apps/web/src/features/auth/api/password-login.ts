import type { AuthResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const passwordLogin = (body: { email: string; password: string }) =>
  api<AuthResponse>('/auth/login', { method: 'POST', body, auth: false });

export const usePasswordLogin = () => useMutation({ mutationFn: passwordLogin });
