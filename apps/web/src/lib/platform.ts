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

/** The wall-clock date (YYYY-MM-DD) and time (HH:mm) of an instant in a time zone. */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** Whether an appointment (its date and end time, HH:mm with or without seconds) has ended at a wall-clock moment. */
export const hasEnded = (a: { date: string; endTime: string }, now: { date: string; time: string }) =>
  a.date < now.date || (a.date === now.date && a.endTime.slice(0, 5) <= now.time);

/** Now on the platform's wall clock (the browser's zone once the server cannot be asked); undefined while it loads. */
export function usePlatformNow(): { date: string; time: string } | undefined {
  const query = useQuery(platformQuery);
  const zone = query.data?.timeZone ?? (query.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
  return zone ? wallClock(new Date(), zone) : undefined;
}
