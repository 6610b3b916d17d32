import type { Me, TimeZoneBody } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

export const fetchMe = () => api<Me>('/user/me');

export const meQuery = queryOptions({ queryKey: ['me'], queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY });

/** The signed-in account: its id, names, e-mail and the time zone its times are shown in. */
export const useMe = () => useQuery(meQuery);

export const putTimeZone = (body: TimeZoneBody) => api<TimeZoneBody>('/user/time-zone', { method: 'PUT', body });

/** Sets the account's time zone; every screen that shows times reads it from the `me` query. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTimeZone,
    onSuccess: ({ timeZone }) => {
      queryClient.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, timeZone } : me));
      // Times in every list are expressed in the caller's zone: fetch them anew.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}
