import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';
import { groupSearchKeys } from './group-keys';

export const leaveGroup = (id: number) => api<void>(`/patient/groups/${id}/enrolment`, { method: 'DELETE' });

/** Leaves a group: its seat is freed and its sessions ahead leave the patient's appointments. */
export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupSearchKeys.all });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('patient') });
    },
  });
}
