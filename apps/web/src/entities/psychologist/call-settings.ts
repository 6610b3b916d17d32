import type { CallSettings } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { psychologistKeys } from './keys';

const PATH = '/psychologist/call-settings';

export const callSettingsQuery = queryOptions({
  queryKey: psychologistKeys.callSettings(),
  queryFn: () => api<CallSettings>(PATH),
});

export const useCallSettings = () => useQuery(callSettingsQuery);

export function useSaveCallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallSettings) => api<CallSettings>(PATH, { method: 'PUT', body }),
    scope: { id: 'call-settings' },
    onSuccess: (saved) => queryClient.setQueryData(callSettingsQuery.queryKey, saved),
  });
}
