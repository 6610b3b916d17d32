import type { TherapyType } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { psychologistKeys } from './keys';

export const fetchTherapyTypes = () => api<TherapyType[]>('/therapy-types');

/** The codes rarely change, so they are kept for the whole visit. */
export const useTherapyTypes = () =>
  useQuery({ queryKey: psychologistKeys.therapyTypes, queryFn: fetchTherapyTypes, staleTime: Number.POSITIVE_INFINITY });
