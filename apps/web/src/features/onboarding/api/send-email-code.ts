import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Mails a confirmation code to the new address; the body is the e-mail as plain text. */
export const sendEmailCode = (email: string) =>
  api<void>('/onboarding/email/send-code', { method: 'POST', rawBody: email, contentType: 'text/plain' });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
