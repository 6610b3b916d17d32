import type { GroupProgram } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys, refreshSessions } from './keys';

export const endGroup = (id: number) => api<GroupProgram>(`/psychologist/groups/${id}`, { method: 'DELETE' });

/** Ends the program: the sessions ahead are canceled and the members told. */
export function useEndGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endGroup(id),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.program(id), group);
      refreshSessions(queryClient, id);
    },
  });
}
