import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';
import { api } from '../../../lib/api';

/** A member skips one session of their group, with notice; they stay in the group. */
export const skipGroupSession = (sessionId: number) => api<void>(`/patient/group-sessions/${sessionId}`, { method: 'DELETE' });

/** Skips a session: it leaves the active list for the archive, marked as skipped in time. */
export function useSkipGroupSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipGroupSession,
    // Done or refused (the notice passed, canceled meanwhile): the lists show how things are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list('patient') }),
  });
}
