import type { Schedule, ScheduleResponse } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchSchedule = () => api<Schedule>('/psychologist/schedule');

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
