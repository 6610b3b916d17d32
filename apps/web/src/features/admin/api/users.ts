import type { AdminUserRow, Page, Role } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** What the users table asks for: a page (from 0), the search text, one role, and only those awaiting verification. */
export type UsersFilter = { page: number; q: string; role: Role | null; awaiting: boolean };

export const fetchUsers = ({ page, q, role, awaiting }: UsersFilter) =>
  api<Page<AdminUserRow>>('/admin/users', {
    query: {
      page,
      size: 10,
      q: q.trim() || undefined,
      role: awaiting ? 'PSYCHOLOGIST' : (role ?? undefined),
      verified: awaiting ? 'false' : undefined,
    },
  });

export const usersQuery = (filter: UsersFilter) =>
  queryOptions({ queryKey: adminKeys.usersPage(filter), queryFn: () => fetchUsers(filter) });

/** One page of users; the previous page stays on screen while the next one loads. */
export const useAdminUsers = (filter: UsersFilter) => useQuery({ ...usersQuery(filter), placeholderData: keepPreviousData });
