import type { SessionItem } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sessionsQuery = queryOptions({
  queryKey: ['security', 'sessions'],
  queryFn: ({ signal }) => api<SessionItem[]>('/user/sessions', { signal }),
});

export const useSessions = () => useQuery(sessionsQuery);

export const endSession = (id: string) => api<void>(`/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const endOtherSessions = () => api<{ ended: number }>('/user/sessions', { method: 'DELETE' });

function useSessionsChange<A, T>(fn: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }) });
}

export const useEndSession = () => useSessionsChange(endSession);
export const useEndOtherSessions = () => useSessionsChange(endOtherSessions);
