import type { PsychologistProfile } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { psychologistKeys } from './keys';

export const fetchProfile = () => api<PsychologistProfile>('/psychologist/profile');

/** The signed-in psychologist's own profile. Here rather than in a feature: the dashboard reads whether it is verified. */
export const profileQuery = queryOptions({ queryKey: psychologistKeys.profile(), queryFn: fetchProfile });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery, enabled });
