import type { GroupProgram } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const fetchGroups = () => api<GroupProgram[]>('/psychologist/groups');

export const groupsQuery = queryOptions({ queryKey: groupKeys.list(), queryFn: fetchGroups });

/** The psychologist's programs, running and ended, each with its sessions. */
export const useGroups = () => useQuery(groupsQuery);
