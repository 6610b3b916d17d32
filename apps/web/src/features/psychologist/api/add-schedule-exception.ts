import type { ScheduleException, ScheduleExceptionBody } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleExceptionsQuery } from './schedule-exceptions';

export const addScheduleException = (body: ScheduleExceptionBody) =>
  api<ScheduleException>('/psychologist/schedule/exceptions', { method: 'POST', body });

/** Blocks dates or adds a one-off slot; the list is read anew whatever the answer (another tab may have changed it). */
export function useAddScheduleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addScheduleException,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleExceptionsQuery.queryKey }),
  });
}
