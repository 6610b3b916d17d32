import type { Me } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchMe = () => api<Me>('/user/me');

export const meQuery = queryOptions({ queryKey: ['psychologist', 'me'], queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY });

/** The signed-in psychologist's own user id, for the link to their public profile. */
export const useMe = () => useQuery(meQuery);
