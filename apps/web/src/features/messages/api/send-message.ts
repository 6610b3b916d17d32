import type { Message, SendMessageBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey } from './conversations';

export const sendMessage = (id: number, body: SendMessageBody) =>
  api<Message>(`/conversations/${id}/messages`, { method: 'POST', body });

/** Sends a message; the thread and the lists are fetched again. */
export function useSendMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => sendMessage(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
