import type { GroupMember } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const removeMember = (id: number, patientId: number) =>
  api<void>(`/psychologist/groups/${id}/members/${patientId}`, { method: 'DELETE' });

/** Removes a member: their seat and their time in the sessions ahead are freed. */
export function useRemoveMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: number) => removeMember(id, patientId),
    onSuccess: (_done, patientId) =>
      queryClient.setQueryData<GroupMember[]>(groupKeys.members(id), (list) => list?.filter((m) => m.patientId !== patientId)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.program(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
