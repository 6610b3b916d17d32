import type { AuthResponse } from '@rozmova/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Signs in with a passkey: the e-mail's passkeys are offered when one is given, else whichever the device holds. */
export async function passkeySignIn(email: string | undefined): Promise<AuthResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await api<{ challengeId: string; options: { challenge: string } }>('/auth/passkey/options', {
    method: 'POST',
    body: email ? { email } : {},
    auth: false,
  });
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return api<AuthResponse>('/auth/passkey', { method: 'POST', body: { challengeId, response }, auth: false });
}

export const usePasskeySignIn = () => useMutation({ mutationFn: passkeySignIn });
