import type { AdminProfile } from '@rozmova/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffNames } from '../../../components/staff-profile-form';
import { api } from '../../../lib/api';
import { getSession } from '../../../lib/session';

// The spec's client names the signed-in admin by the stored e-mail; the server answers only for the admin themself.
const own = () => ({ email: getSession().email ?? undefined });

export const fetchAdminProfile = () => api<AdminProfile>('/admin/profile', { query: own() });

export const adminProfileQuery = queryOptions({ queryKey: ['admin', 'profile'], queryFn: fetchAdminProfile });

export const useAdminProfile = () => useQuery(adminProfileQuery);

export const updateAdminProfile = (body: StaffNames) =>
  api<AdminProfile>('/admin/profile', { method: 'PUT', query: own(), body });

export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProfile,
    onSuccess: (saved) => queryClient.setQueryData(adminProfileQuery.queryKey, saved),
  });
}
