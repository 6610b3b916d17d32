import type { PlatformInfo } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { todayIso } from './dates';

export const fetchPlatform = () => api<PlatformInfo>('/platform', { auth: false });

/**
 * The server's today, else the browser's once the server cannot be asked, else undefined while asking.
 * Date rules follow the platform zone, and a browser elsewhere may already (or still) be on another date.
 */
export const resolveToday = (info: PlatformInfo | undefined, failed: boolean, browserToday = todayIso) =>
  info?.today ?? (failed ? browserToday() : undefined);

/** Today (YYYY-MM-DD) in the platform zone; undefined while it loads. */
export function usePlatformToday(): string | undefined {
  // Refetched on mount after a minute so a page opened after midnight does not keep yesterday.
  const query = useQuery({ queryKey: ['platform'], queryFn: fetchPlatform, staleTime: 60_000 });
  return resolveToday(query.data, query.isError);
}
