import { BOOKING_HORIZON_DAYS, SEARCH_MAX_DAYS } from '@rozmova/contract';
import { addDaysIso } from '../../lib/dates';

/** The search dates as YYYY-MM-DD strings (they compare correctly as text); `today` is the viewer's (useViewerToday). */
export type SearchRange = { startDate: string; endDate: string };

/** The last day the server lets a patient book or search: the booking horizon after the viewer's today. */
export const lastBookableDay = (today: string) => addDaysIso(today, BOOKING_HORIZON_DAYS);

/** The furthest end a start allows: at most SEARCH_MAX_DAYS days, and never past the booking horizon. */
export function maxEndFor(startDate: string, today: string): string {
  const byLength = addDaysIso(startDate, SEARCH_MAX_DAYS - 1);
  const last = lastBookableDay(today);
  return byLength < last ? byLength : last;
}

/** Spec §5 default: today through tomorrow. */
export const defaultRange = (today: string): SearchRange => ({ startDate: today, endDate: addDaysIso(today, 1) });

/**
 * Spec §5: the start is never before today (nor past the horizon); a start after the end pushes the end to
 * start + 1 day, within the horizon.
 */
export function withStart(range: SearchRange, start: string, today: string): SearchRange {
  const last = lastBookableDay(today);
  const startDate = start < today ? today : start > last ? last : start;
  const maxEnd = maxEndFor(startDate, today);
  let endDate = range.endDate;
  if (startDate > endDate) endDate = addDaysIso(startDate, 1);
  if (endDate > maxEnd) endDate = maxEnd;
  return { startDate, endDate };
}

/** Spec §5: an end before the start is reset to start + 1 day. */
export function withEnd(range: SearchRange, end: string, today: string): SearchRange {
  const max = maxEndFor(range.startDate, today);
  const endDate = end < range.startDate ? addDaysIso(range.startDate, 1) : end;
  return { ...range, endDate: endDate > max ? max : endDate };
}
