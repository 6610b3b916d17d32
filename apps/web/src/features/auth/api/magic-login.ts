import type { SignInResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Exchanges a one-time magic-link token for a session; it carries no Authorization header. */
export const magicLogin = (token: string) => api<SignInResponse>('/magic-login', { query: { token }, auth: false });

export const useMagicLogin = () => useMutation({ mutationFn: magicLogin });
