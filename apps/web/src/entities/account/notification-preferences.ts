import type { NotificationPreferences } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountKeys } from './keys';

const PATH = '/user/notification-preferences';

export const fetchNotificationPreferences = () => api<NotificationPreferences>(PATH);

export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences(),
  queryFn: fetchNotificationPreferences,
});

/** Which mails the account gets beside those always sent; every profile screen shows them. */
export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

export const putNotificationPreferences = (body: NotificationPreferences) =>
  api<NotificationPreferences>(PATH, { method: 'PUT', body });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationPreferences,
    // One after another: each flip sends both switches as they then stand, so the last one sent is the last one made.
    scope: { id: 'notification-preferences' },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQuery.queryKey, saved),
  });
}
