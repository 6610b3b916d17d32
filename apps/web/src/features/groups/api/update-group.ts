import type { GroupProgram, UpdateGroupBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const updateGroup = (id: number, body: UpdateGroupBody) =>
  api<GroupProgram>(`/psychologist/groups/${id}`, { method: 'PUT', body });

/** Title, description and capacity, with the version read (409 STALE when saved elsewhere since). */
export function useUpdateGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGroupBody) => updateGroup(id, body),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.program(id), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
