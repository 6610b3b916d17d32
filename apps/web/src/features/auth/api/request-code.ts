import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Mails a 6-digit sign-in code to this address. */
export const requestCode = (email: string) =>
  api<void>('/auth/email/request-code', { method: 'POST', body: { email }, auth: false });

export const useRequestCode = () => useMutation({ mutationFn: requestCode });
