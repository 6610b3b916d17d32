import type { PlatformInfo } from '@rozmova/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { todayIso } from './dates';

export const fetchPlatform = () => api<PlatformInfo>('/platform', { auth: false });

/** Refetched on mount after a minute, so a page opened after midnight does not keep yesterday. */
export const platformQuery = queryOptions({ queryKey: ['platform'], queryFn: fetchPlatform, staleTime: 60_000 });

/**
 * The server's today, else the browser's once the server cannot be asked, else undefined while asking.
 * Date rules follow the platform zone, and a browser elsewhere may already (or still) be on another date.
 */
export const resolveToday = (info: PlatformInfo | undefined, failed: boolean, browserToday = todayIso) =>
  info?.today ?? (failed ? browserToday() : undefined);

/** Today (YYYY-MM-DD) in the platform zone; undefined while it loads. */
export function usePlatformToday(): string | undefined {
  const query = useQuery(platformQuery);
  return resolveToday(query.data, query.isError);
}
