import type { GroupNote } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

type NoteInput = { content: string; version?: number };

export const saveGroupNote = (sessionId: number, body: NoteInput) =>
  api<GroupNote>(`/psychologist/group-sessions/${sessionId}/note`, { method: 'PUT', body });

/** Saves the note with the version read; a note saved elsewhere since is 409 STALE. */
export function useSaveGroupNote(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteInput) => saveGroupNote(sessionId, body),
    onSuccess: (note) => queryClient.setQueryData(groupKeys.note(sessionId), note),
  });
}
