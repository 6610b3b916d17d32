import type { Schedule } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SavedWeek, scheduleQuery } from './get-schedule';

/** Saves the week over the version `etag` names (none: whatever is saved); answers the saved week and its new ETag. */
export async function saveSchedule({ week, etag }: SavedWeek): Promise<SavedWeek> {
  let next: string | null = null;
  const saved = await api<Schedule>('/psychologist/schedule', {
    method: 'POST',
    body: week,
    headers: etag ? { 'if-match': etag } : undefined,
    onHeaders: (headers) => {
      next = headers.get('etag');
    },
  });
  return { week: saved, etag: next };
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (saved) => {
      queryClient.setQueryData(scheduleQuery.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: scheduleQuery.queryKey });
    },
  });
}
