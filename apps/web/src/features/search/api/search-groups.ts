import type { GroupSearchPage } from '@rozmova/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type GroupSearchParams, groupSearchKeys } from './group-keys';

/** Groups a page holds: a handful, each card with its sessions. */
export const GROUP_PAGE_SIZE = 10;

/** One page of open groups with a seat left and a session ahead, soonest first. */
export const searchGroups = (params: GroupSearchParams) =>
  api<GroupSearchPage>('/groups', { query: { ...params, size: GROUP_PAGE_SIZE } });

/** Seats go as others join, so a page is read afresh whenever it is shown again. */
export const groupSearchQuery = (params: GroupSearchParams) =>
  queryOptions({ queryKey: groupSearchKeys.results(params), queryFn: () => searchGroups(params), staleTime: 0 });

export const useGroupSearch = (params: GroupSearchParams) =>
  useQuery({ ...groupSearchQuery(params), placeholderData: keepPreviousData });
