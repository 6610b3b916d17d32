import type { AdminUserRow } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usersKey } from './users';

export const enableUser = ({ id, enable }: { id: number; enable: boolean }) =>
  api<AdminUserRow>(`/admin/users/${id}/enable`, { method: 'PUT', query: { enable } });

export const verifyUser = ({ id, verified }: { id: number; verified: boolean }) =>
  api<AdminUserRow>(`/admin/users/${id}/verify`, { method: 'PUT', query: { verified } });

/** Any change to one user: their row changes in place at once, then the lists are asked again (filters may drop it). */
function useUserChange<Input>(fn: (input: Input) => Promise<AdminUserRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (row) => {
      queryClient.setQueriesData<{ content: AdminUserRow[] }>({ queryKey: usersKey }, (page) =>
        page ? { ...page, content: page.content.map((r) => (r.id === row.id ? row : r)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: usersKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'managers'] });
    },
  });
}

export const useEnableUser = () => useUserChange(enableUser);
export const useVerifyUser = () => useUserChange(verifyUser);
