import type { MfaStatus } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const mfaStatusQuery = queryOptions({
  queryKey: ['security', 'mfa'],
  queryFn: ({ signal }) => api<MfaStatus>('/user/mfa', { signal }),
});

export const useMfaStatus = () => useQuery(mfaStatusQuery);
