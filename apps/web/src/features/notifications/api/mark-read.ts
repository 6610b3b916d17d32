import type { unreadCountSchema } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { type NotificationPages, unreadCount, withRead } from '../notification-pages';
import { notificationsQuery } from './notifications';

type Unread = z.infer<typeof unreadCountSchema>;

export const markRead = (id: number) => api<Unread>(`/notifications/${id}/read`, { method: 'PUT' });
export const markAllRead = () => api<Unread>('/notifications/read-all', { method: 'PUT' });

/**
 * Marks one notification (an id) or all of them ('all') read: the list and the bell show it at once, then take the
 * count the server answers; a failure reloads the list.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQuery;
  const update = (fn: (data: NotificationPages) => NotificationPages) =>
    queryClient.setQueryData(queryKey, (data) => (data ? fn(data) : data));
  return useMutation({
    mutationFn: (ids: number | 'all') => (ids === 'all' ? markAllRead() : markRead(ids)),
    onMutate: async (ids) => {
      // A poll under way would bring the old state back.
      await queryClient.cancelQueries({ queryKey });
      update((data) => withRead(data, ids === 'all' ? 'all' : [ids], ids === 'all' ? 0 : Math.max(0, unreadCount(data) - 1)));
    },
    onSuccess: ({ unread }, ids) => update((data) => withRead(data, ids === 'all' ? 'all' : [ids], unread)),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
