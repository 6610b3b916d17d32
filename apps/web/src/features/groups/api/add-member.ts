import type { GroupMember } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const addMember = (id: number, patientId: number) =>
  api<GroupMember>(`/psychologist/groups/${id}/members`, { method: 'POST', body: { patientId } });

/** Adds a patient the psychologist treats; 409 GROUP_FULL, ALREADY_MEMBER or OVERLAP. */
export function useAddMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: number) => addMember(id, patientId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.program(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
