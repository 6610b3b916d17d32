import type { MfaStatus } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountKeys } from './keys';

/** The account's second factors: the security screen and the re-check dialog (which offers the app code) read it. */
export const mfaStatusQuery = queryOptions({
  queryKey: accountKeys.mfa(),
  queryFn: ({ signal }) => api<MfaStatus>('/user/mfa', { signal }),
});

export const useMfaStatus = () => useQuery(mfaStatusQuery);
