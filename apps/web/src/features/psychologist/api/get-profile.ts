import type { PsychologistProfile } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { psychologistKeys } from './keys';

export const fetchProfile = () => api<PsychologistProfile>('/psychologist/profile');

export const useProfile = () => useQuery({ queryKey: psychologistKeys.profile, queryFn: fetchProfile });
