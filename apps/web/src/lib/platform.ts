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

/**
 * 'YYYY-MM-DD HH:mm' of an instant on the wall clock of a zone (the platform's; the browser's when it is not given).
 * Appointment dates and times are that zone's wall-clock times, so they compare with it as text.
 */
export function wallClock(at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** Whether an appointment (its date and end time, HH:mm with or without seconds) has ended at a wall-clock moment. */
export const hasEnded = (a: { date: string; endTime: string }, now: string) => `${a.date} ${a.endTime.slice(0, 5)}` <= now;

/** Whether an appointment has started at a wall-clock moment. */
export const hasStarted = (a: { date: string; startTime: string }, now: string) => `${a.date} ${a.startTime.slice(0, 5)}` <= now;

/** Now on the platform's wall clock (the browser's zone once the server cannot be asked); undefined while it loads. */
export function usePlatformNow(): string | undefined {
  const query = useQuery(platformQuery);
  if (query.data) return wallClock(new Date(), query.data.timeZone);
  return query.isError ? wallClock(new Date()) : undefined;
}
