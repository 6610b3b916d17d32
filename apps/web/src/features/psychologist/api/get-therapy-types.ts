import type { TherapyType } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchTherapyTypes = () => api<TherapyType[]>('/therapy-types');

/** The codes rarely change, so they are kept for the whole visit. */
export const therapyTypesQuery = queryOptions({
  queryKey: ['psychologist', 'therapy-types'],
  queryFn: fetchTherapyTypes,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useTherapyTypes = () => useQuery(therapyTypesQuery);
