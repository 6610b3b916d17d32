import type { CreateGroupBody, GroupProgram } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const createGroup = (body: CreateGroupBody) => api<GroupProgram>('/psychologist/groups', { method: 'POST', body });

/** Creates a program with all its sessions; its page can open from the answer at once. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.program(group.id), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('doctor') });
    },
  });
}
