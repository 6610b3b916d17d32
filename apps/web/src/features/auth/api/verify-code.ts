import type { SignInResponse } from '@rozmova/contract';
import { useCall } from '../use-call';
import { signInCall } from './sign-in-call';

export const verifyCode = (body: { email: string; code: string }) =>
  signInCall<SignInResponse>('/auth/email/verify-code', { method: 'POST', body });

export const useVerifyCode = () => useCall(verifyCode);
