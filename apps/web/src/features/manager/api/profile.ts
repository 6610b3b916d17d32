import type { ManagerProfile } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffNames } from '../../../components/staff-profile-form';
import { api } from '../../../lib/api';

export const fetchManagerProfile = () => api<ManagerProfile>('/manager/profile');

export const managerProfileQuery = queryOptions({ queryKey: ['manager', 'profile'], queryFn: fetchManagerProfile });

/** The manager's own details and the patients assigned to them now. */
export const useManagerProfile = () => useQuery(managerProfileQuery);

export const updateManagerProfile = (body: StaffNames) => api<ManagerProfile>('/manager/profile', { method: 'PUT', body });

export function useUpdateManagerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManagerProfile,
    onSuccess: (saved) => queryClient.setQueryData(managerProfileQuery.queryKey, saved),
  });
}
