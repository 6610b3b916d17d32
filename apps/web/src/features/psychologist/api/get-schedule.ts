import type { Schedule, ScheduleResponse } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The own week and its ETag, which a save sends back in If-Match so a week saved elsewhere meanwhile is refused. */
export type SavedWeek = { week: Schedule; etag: string | null };

export async function fetchSchedule(): Promise<SavedWeek> {
  let etag: string | null = null;
  const week = await api<Schedule>('/psychologist/schedule', {
    onHeaders: (headers) => {
      etag = headers.get('etag');
    },
  });
  return { week, etag };
}

export const scheduleQuery = queryOptions({ queryKey: ['psychologist', 'schedule'], queryFn: fetchSchedule });

export const useSchedule = () => useQuery(scheduleQuery);

export const fetchDoctorSchedule = (psychologistId: number) =>
  api<ScheduleResponse>('/psychologist/schedule', { query: { psychologistId } });

/** Another psychologist's weekly slots, as managers read them. */
export const doctorScheduleQuery = (psychologistId: number) =>
  queryOptions({
    queryKey: ['psychologist', 'schedule', psychologistId],
    queryFn: () => fetchDoctorSchedule(psychologistId),
  });

export const useDoctorSchedule = (psychologistId: number) => useQuery(doctorScheduleQuery(psychologistId));
