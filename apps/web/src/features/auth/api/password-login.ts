import type { SignInResponse } from '@rozmova/contract';
import { useCall } from '../use-call';
import { signInCall } from './sign-in-call';

export const passwordLogin = (body: { email: string; password: string }) =>
  signInCall<SignInResponse>('/auth/login', { method: 'POST', body });

export const usePasswordLogin = () => useCall(passwordLogin);
