import type { GroupSession } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshSessions } from './keys';

export const cancelSession = (sessionId: number) =>
  api<GroupSession>(`/psychologist/group-sessions/${sessionId}`, { method: 'DELETE' });

/** Cancels one session that has not ended; the members are told. */
export function useCancelSession(programId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSession, onSettled: () => refreshSessions(queryClient, programId) });
}
