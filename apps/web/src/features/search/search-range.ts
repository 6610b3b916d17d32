import { SEARCH_MAX_DAYS } from '@rozmova/contract';
import { addDaysIso } from '../../lib/dates';

/** The search dates as YYYY-MM-DD strings (they compare correctly as text); `today` is the platform's (usePlatformToday). */
export type SearchRange = { startDate: string; endDate: string };

/** The furthest end a start allows: the server accepts at most SEARCH_MAX_DAYS days. */
export const maxEndFor = (startDate: string) => addDaysIso(startDate, SEARCH_MAX_DAYS - 1);

/** Spec §5 default: today through tomorrow. */
export const defaultRange = (today: string): SearchRange => ({ startDate: today, endDate: addDaysIso(today, 1) });

/** Spec §5: the start is never before today; a start after the end pushes the end to start + 1 day. */
export function withStart(range: SearchRange, start: string, today: string): SearchRange {
  const startDate = start < today ? today : start;
  let endDate = range.endDate;
  if (startDate > endDate) endDate = addDaysIso(startDate, 1);
  else if (endDate > maxEndFor(startDate)) endDate = maxEndFor(startDate);
  return { startDate, endDate };
}

/** Spec §5: an end before the start is reset to start + 1 day. */
export function withEnd(range: SearchRange, end: string): SearchRange {
  if (end < range.startDate) return { ...range, endDate: addDaysIso(range.startDate, 1) };
  const max = maxEndFor(range.startDate);
  return { ...range, endDate: end > max ? max : end };
}
