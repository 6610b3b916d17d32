import type { PublicGroup } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { groupSearchKeys } from './group-keys';

export const getPublicGroup = (id: number) => api<PublicGroup>(`/groups/${id}`);

export const publicGroupQuery = (id: number) =>
  queryOptions({
    queryKey: groupSearchKeys.group(id),
    queryFn: () => getPublicGroup(id),
    // 404 is an answer (ended, invite-only or never there), not a hiccup to retry.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });

/** One open group, or one of the patient's own: never its members. No id (0): nothing to ask. */
export const usePublicGroup = (id: number) => useQuery({ ...publicGroupQuery(id), enabled: id > 0 });
