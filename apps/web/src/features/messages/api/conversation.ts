import type { ConversationDetail } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey } from './conversations';

export const fetchConversation = (id: number, signal?: AbortSignal) =>
  api<ConversationDetail>(`/conversations/${id}`, { signal });

export const conversationQuery = (id: number) =>
  queryOptions({ queryKey: [...conversationsKey, id], queryFn: ({ signal }) => fetchConversation(id, signal) });

export const useConversation = (id: number) => useQuery(conversationQuery(id));
