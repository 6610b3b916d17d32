import type { PsychologistProfile } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchProfile = () => api<PsychologistProfile>('/psychologist/profile');

export const profileQuery = queryOptions({ queryKey: ['psychologist', 'profile'], queryFn: fetchProfile });

export const useProfile = () => useQuery(profileQuery);
