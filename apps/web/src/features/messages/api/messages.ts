import type { MessagesPage } from '@rozmova/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey, MESSAGES_POLL_MS } from './conversations';

export const THREAD_PAGE_SIZE = 30;

export const fetchMessages = (id: number, before: number | undefined, signal?: AbortSignal) =>
  api<MessagesPage>(`/conversations/${id}/messages`, { query: { before, size: THREAD_PAGE_SIZE }, signal });

export const messagesKey = (id: number) => [...conversationsKey, id, 'messages'] as const;

/** A thread, newest page first; "earlier" pages come through the oldest id shown. Polled for new messages. */
export const messagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.last ? undefined : last.content.at(-1)?.id),
    refetchInterval: MESSAGES_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useMessages = (id: number) => useInfiniteQuery(messagesQuery(id));
