import type { GroupMember } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';

export const fetchMembers = (id: number) => api<GroupMember[]>(`/psychologist/groups/${id}/members`);

export const membersQuery = (id: number) => queryOptions({ queryKey: groupKeys.members(id), queryFn: () => fetchMembers(id) });

/** The program's members with their attendance; each read is on the audit trail. */
export const useMembers = (id: number) => useQuery(membersQuery(id));
