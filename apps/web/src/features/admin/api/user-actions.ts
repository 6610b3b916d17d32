import type { AdminUserRow } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const enableUser = ({ id, enable }: { id: number; enable: boolean }) =>
  api<AdminUserRow>(`/admin/users/${id}/enable`, { method: 'PUT', query: { enable } });

/** Approves, rejects with a reason (the psychologist sees it), or withdraws a verification (no reason). */
export const verifyUser = ({ id, verified, reason }: { id: number; verified: boolean; reason?: string }) =>
  api<AdminUserRow>(`/admin/users/${id}/verify`, {
    method: 'PUT',
    query: { verified },
    body: reason === undefined ? undefined : { reason },
  });

/** Any change to one user: their row changes in place at once, then the lists are asked again (filters may drop it). */
function useUserChange<Input>(fn: (input: Input) => Promise<AdminUserRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (row) => {
      queryClient.setQueriesData<{ content: AdminUserRow[] }>({ queryKey: adminKeys.users() }, (page) =>
        page ? { ...page, content: page.content.map((r) => (r.id === row.id ? row : r)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.managers() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.documents(row.id) });
    },
  });
}

export const useEnableUser = () => useUserChange(enableUser);
export const useVerifyUser = () => useUserChange(verifyUser);
