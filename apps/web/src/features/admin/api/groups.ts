import type { AdminGroup, GroupSession, Page } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { allAppointmentsQuery } from './appointments';
import { adminKeys } from './keys';

export const ADMIN_GROUPS_PAGE_SIZE = 10;

export const fetchAdminGroups = (page: number) =>
  api<Page<AdminGroup>>('/admin/groups', { query: { page, size: ADMIN_GROUPS_PAGE_SIZE } });

export const adminGroupsQuery = (page: number) =>
  queryOptions({ queryKey: adminKeys.groupsPage(page), queryFn: () => fetchAdminGroups(page) });

/** One page of every program, newest first (never their members). */
export const useAdminGroups = (page: number) => useQuery({ ...adminGroupsQuery(page), placeholderData: keepPreviousData });

export const adminCancelGroupSession = (id: number) => api<GroupSession>(`/admin/group-sessions/${id}`, { method: 'DELETE' });

/**
 * The admin cancels one group session (audited; every member is told). Both lists that show it are read again: the
 * program's next session and the session's row among all appointments change.
 */
export function useAdminCancelGroupSession() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.groups() });
    void queryClient.invalidateQueries({ queryKey: allAppointmentsQuery.queryKey });
  };
  return useMutation({
    mutationFn: adminCancelGroupSession,
    onSuccess: refresh,
    // Already canceled or ended meanwhile: show the lists as they are now.
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) refresh();
    },
  });
}
