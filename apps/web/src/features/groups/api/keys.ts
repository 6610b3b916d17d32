import type { QueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../../../entities/appointment/keys';

/** The psychologist's own programs, apart from what patients find in search. */
export const groupKeys = {
  all: ['groups', 'own'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  program: (id: number) => [...groupKeys.all, 'program', id] as const,
  members: (id: number) => [...groupKeys.all, 'program', id, 'members'] as const,
  note: (sessionId: number) => [...groupKeys.all, 'note', sessionId] as const,
};

/**
 * After a change to a program's sessions: the program and the list read anew, and the psychologist's appointment
 * lists too, which carry each group session.
 */
export function refreshSessions(queryClient: QueryClient, programId: number) {
  void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
  void queryClient.invalidateQueries({ queryKey: groupKeys.program(programId) });
  void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('doctor') });
}
