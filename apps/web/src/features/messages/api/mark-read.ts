import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey } from './conversations';
import { unreadQuery } from './unread';

export const markConversationRead = (id: number) => api<{ unread: number }>(`/conversations/${id}/read`, { method: 'PUT' });

/** Marks a conversation read: the header takes the count the server answers, and the list is fetched again. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadQuery.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: [...conversationsKey, 'list'] });
    },
  });
}
