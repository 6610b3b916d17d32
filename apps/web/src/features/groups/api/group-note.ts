import type { GroupNote } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const fetchGroupNote = (sessionId: number) => api<GroupNote>(`/psychologist/group-sessions/${sessionId}/note`);

export const groupNoteQuery = (sessionId: number) =>
  queryOptions({ queryKey: groupKeys.note(sessionId), queryFn: () => fetchGroupNote(sessionId) });

/** The psychologist's own note on a session: empty at version 0 until written. */
export const useGroupNote = (sessionId: number) => useQuery(groupNoteQuery(sessionId));
