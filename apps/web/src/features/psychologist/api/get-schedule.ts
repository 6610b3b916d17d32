import type { Schedule } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchSchedule = () => api<Schedule>('/psychologist/schedule');

export const scheduleQuery = queryOptions({ queryKey: ['psychologist', 'schedule'], queryFn: fetchSchedule });

export const useSchedule = () => useQuery(scheduleQuery);
