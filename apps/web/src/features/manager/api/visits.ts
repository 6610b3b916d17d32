import type { PastVisit } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchPastVisits = (patientId: number) => api<PastVisit[]>(`/manager/visits/${patientId}`);

export const pastVisitsQuery = (patientId: number) =>
  queryOptions({ queryKey: ['manager', 'visits', patientId], queryFn: () => fetchPastVisits(patientId) });

/** The patient's appointments that have ended, newest first, with their own feedback. */
export const usePastVisits = (patientId: number) => useQuery(pastVisitsQuery(patientId));
