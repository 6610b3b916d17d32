import type { Message } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey } from './conversations';

export function sendAttachment(id: number, input: { file: File; body: string }) {
  const form = new FormData();
  form.append('body', input.body);
  form.append('file', input.file);
  return api<Message>(`/conversations/${id}/attachments`, { method: 'POST', rawBody: form });
}

/** Sends a file (with the text, if any); the thread and the lists are fetched again. */
export function useSendAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; body: string }) => sendAttachment(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

export const fetchAttachment = (conversationId: number, attachmentId: number) =>
  api<Blob>(`/conversations/${conversationId}/attachments/${attachmentId}`, { responseType: 'blob' });
