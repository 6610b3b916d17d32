import type { GroupProgram } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const fetchGroup = (id: number) => api<GroupProgram>(`/psychologist/groups/${id}`);

export const groupQuery = (id: number) => queryOptions({ queryKey: groupKeys.program(id), queryFn: () => fetchGroup(id) });

/** One of the psychologist's programs with all its sessions. */
export const useGroup = (id: number) => useQuery(groupQuery(id));
