import type { ConversationsPage } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the list and the unread count are fetched again while the tab is visible. */
export const MESSAGES_POLL_MS = 15_000;
export const CONVERSATIONS_SIZE = 50;

export const conversationsKey = ['conversations'] as const;

export const fetchConversations = (signal?: AbortSignal) =>
  api<ConversationsPage>('/conversations', { query: { page: 0, size: CONVERSATIONS_SIZE }, signal });

export const conversationsQuery = queryOptions({
  queryKey: [...conversationsKey, 'list'],
  queryFn: ({ signal }) => fetchConversations(signal),
  refetchInterval: MESSAGES_POLL_MS,
  refetchOnWindowFocus: true,
});

export const useConversations = () => useQuery(conversationsQuery);
