import type { Schedule } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { psychologistKeys } from './keys';

export const fetchSchedule = () => api<Schedule>('/psychologist/schedule');

export const useSchedule = () => useQuery({ queryKey: psychologistKeys.schedule, queryFn: fetchSchedule });
