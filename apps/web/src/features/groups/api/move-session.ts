import type { GroupSession } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshSessions } from './keys';

export const moveSession = (sessionId: number, startsAt: string) =>
  api<GroupSession>(`/psychologist/group-sessions/${sessionId}`, { method: 'PUT', body: { startsAt } });

/** Moves a session that has not started, keeping its length; 409 OVERLAP names the clash. */
export function useMoveSession(programId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, startsAt }: { sessionId: number; startsAt: string }) => moveSession(sessionId, startsAt),
    onSuccess: () => refreshSessions(queryClient, programId),
  });
}
