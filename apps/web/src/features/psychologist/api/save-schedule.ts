import type { Schedule } from '@rozmova/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scheduleQuery } from './get-schedule';

export const saveSchedule = (week: Schedule) => api<unknown>('/psychologist/schedule', { method: 'POST', body: week });

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (_answer, week) => {
      queryClient.setQueryData(scheduleQuery.queryKey, week);
      return queryClient.invalidateQueries({ queryKey: scheduleQuery.queryKey });
    },
  });
}
