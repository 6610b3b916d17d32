import type { PublicGroup } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { ApiError, api } from '../../../lib/api';
import { groupSearchKeys } from './group-keys';

/** The patient joins, having accepted the group agreement (the server refuses a join without it). */
export const joinGroup = (id: number) =>
  api<PublicGroup>(`/patient/groups/${id}/enrolment`, { method: 'POST', body: { agreementAccepted: true } });

/** Joins a group: the group shows the patient as a member, and their appointments now hold its sessions. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupSearchKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: groupSearchKeys.all });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('patient') });
    },
    onError: (err) => {
      // Full, already joined or clashing: show the group (its seats, the member flag) as it is now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: groupSearchKeys.all });
      }
    },
  });
}
