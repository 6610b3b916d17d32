import type { ScheduleException } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleExceptionsQuery } from './schedule-exceptions';

export const deleteScheduleException = (id: number) => api<void>(`/psychologist/schedule/exceptions/${id}`, { method: 'DELETE' });

/** Deletes one block or one-off slot; it leaves the list at once, and the list is read anew either way. */
export function useDeleteScheduleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduleException,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ScheduleException[]>(scheduleExceptionsQuery.queryKey, (list) => list?.filter((e) => e.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleExceptionsQuery.queryKey }),
  });
}
