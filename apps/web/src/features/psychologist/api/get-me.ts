import type { Me } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { psychologistKeys } from './keys';

export const fetchMe = () => api<Me>('/user/me');

/** The signed-in psychologist's own user id, for the link to their public profile. */
export const useMe = () => useQuery({ queryKey: psychologistKeys.me, queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY });
