import type { NotificationsPage } from '@rozmova/contract';
import { NOTIFICATIONS_POLL_MS } from '@rozmova/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How many the panel shows at first, and adds with each "Show more". */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const fetchNotifications = (page: number, signal?: AbortSignal) =>
  api<NotificationsPage>('/notifications', { query: { page, size: NOTIFICATIONS_PAGE_SIZE }, signal });

/**
 * The reader's notifications, newest first, page by page. New ones arrive without a reload: the loaded pages are
 * fetched again every NOTIFICATIONS_POLL_MS while the tab is visible (never in the background) and when it comes back.
 */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: ['notifications'],
  queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
  initialPageParam: 0,
  getNextPageParam: (last, _all, lastPage) => (last.last ? undefined : lastPage + 1),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchOnWindowFocus: true,
});

export const useNotifications = () => useInfiniteQuery(notificationsQuery);
