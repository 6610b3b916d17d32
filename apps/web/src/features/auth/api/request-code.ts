import { useCall } from '../use-call';
import { signInCall } from './sign-in-call';

/** Mails a 6-digit sign-in code to this address. */
export const requestCode = (email: string) => signInCall<void>('/auth/email/request-code', { method: 'POST', body: { email } });

export const useRequestCode = () => useCall(requestCode);
