import type { ScheduleException } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchScheduleExceptions = () => api<ScheduleException[]>('/psychologist/schedule/exceptions');

export const scheduleExceptionsQuery = queryOptions({
  queryKey: ['psychologist', 'scheduleExceptions'],
  queryFn: fetchScheduleExceptions,
});

/** The signed-in psychologist's blocked dates and one-off slots that have not ended, soonest first. */
export const useScheduleExceptions = () => useQuery(scheduleExceptionsQuery);
