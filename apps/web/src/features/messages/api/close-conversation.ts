import type { ConversationDetail } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationQuery } from './conversation';

export const setConversationClosed = (id: number, closed: boolean) =>
  api<ConversationDetail>(`/conversations/${id}/closed`, { method: 'PUT', body: { closed } });

export function useCloseConversation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closed: boolean) => setConversationClosed(id, closed),
    onSuccess: (detail) => queryClient.setQueryData(conversationQuery(id).queryKey, detail),
  });
}
