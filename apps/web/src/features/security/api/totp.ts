import type { RecoveryCodes, TotpSetup } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaStatusQuery } from '../../../entities/account/mfa-status';
import { api } from '../../../lib/api';

export const startTotp = () => api<TotpSetup>('/user/mfa/totp', { method: 'POST' });
export const confirmTotp = (code: string) => api<RecoveryCodes>('/user/mfa/totp/confirm', { method: 'POST', body: { code } });
export const removeTotp = () => api<void>('/user/mfa/totp', { method: 'DELETE' });
export const newRecoveryCodes = () => api<RecoveryCodes>('/user/mfa/recovery-codes', { method: 'POST' });

/** Each change to the second factors reloads their status. */
function useStatusChange<A, T>(fn: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey }) });
}

export const useStartTotp = () => useMutation({ mutationFn: startTotp });
export const useConfirmTotp = () => useStatusChange(confirmTotp);
export const useRemoveTotp = () => useStatusChange(removeTotp);
export const useNewRecoveryCodes = () => useStatusChange(newRecoveryCodes);
