/** The admin screens' cache keys: a change to a user refreshes the users table, the managers and their documents. */
export const adminKeys = {
  users: () => ['admin', 'users'] as const,
  /** One page of the users table, by its filter (users.ts). */
  usersPage: <Filter extends object>(filter: Filter) => ['admin', 'users', filter] as const,
  managers: () => ['admin', 'managers'] as const,
  managersPage: (page: number) => ['admin', 'managers', 'page', page] as const,
  unassigned: () => ['admin', 'managers', 'unassigned'] as const,
  assigned: (managerId: number) => ['admin', 'managers', 'assigned', managerId] as const,
  documents: (userId: number) => ['admin', 'documents', userId] as const,
  groups: () => ['admin', 'groups'] as const,
  groupsPage: (page: number) => ['admin', 'groups', page] as const,
};
