import type { Passkey } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaStatusQuery } from '../../../entities/account/mfa-status';
import { api } from '../../../lib/api';

type Options = { challengeId: string; options: { challenge: string } };

export const passkeysQuery = queryOptions({
  queryKey: ['security', 'passkeys'],
  queryFn: ({ signal }) => api<Passkey[]>('/user/passkeys', { signal }),
});
export const usePasskeys = () => useQuery(passkeysQuery);

/** Asks the browser (and its authenticator) to create a passkey for the account, then registers it under a name. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await api<Options>('/user/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return api<Passkey>('/user/passkeys', { method: 'POST', body: { challengeId, name, response } });
}
export const renamePasskey = ({ id, name }: { id: number; name: string }) =>
  api<Passkey>(`/user/passkeys/${id}`, { method: 'PUT', body: { name } });
export const removePasskey = (id: number) => api<void>(`/user/passkeys/${id}`, { method: 'DELETE' });

function usePasskeysChange<A, T>(fn: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey }),
      ]),
  });
}
export const useAddPasskey = () => usePasskeysChange(addPasskey);
export const useRenamePasskey = () => usePasskeysChange(renamePasskey);
export const useRemovePasskey = () => usePasskeysChange(removePasskey);
