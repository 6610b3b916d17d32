import type { Measure } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchMeasures = (patientId: number) => api<Measure[]>(`/manager/measures/${patientId}`);

/** The questionnaires of a patient the manager follows, oldest first. */
export const measuresQuery = (patientId: number) =>
  queryOptions({ queryKey: ['manager', 'measures', patientId], queryFn: () => fetchMeasures(patientId) });

export const useMeasures = (patientId: number) => useQuery(measuresQuery(patientId));
