import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationsKey, MESSAGES_POLL_MS } from './conversations';

export const fetchUnread = (signal?: AbortSignal) => api<{ unread: number }>('/conversations/unread', { signal });

/** The reader's unread messages everywhere, for the header; polled while the tab is visible. */
export const unreadQuery = queryOptions({
  queryKey: [...conversationsKey, 'unread'],
  queryFn: ({ signal }) => fetchUnread(signal),
  refetchInterval: MESSAGES_POLL_MS,
  refetchOnWindowFocus: true,
});

export const useUnreadMessages = () => useQuery(unreadQuery);
