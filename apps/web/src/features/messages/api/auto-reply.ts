import type { AutoReply } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const autoReplyQuery = queryOptions({
  queryKey: ['conversations', 'auto-reply'],
  queryFn: ({ signal }) => api<AutoReply>('/psychologist/messages/auto-reply', { signal }),
});

export const useAutoReply = () => useQuery(autoReplyQuery);

export function useSaveAutoReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoReply) => api<AutoReply>('/psychologist/messages/auto-reply', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(autoReplyQuery.queryKey, saved),
  });
}
