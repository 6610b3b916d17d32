import { type AvailableSlot, DAYS_OF_WEEK, formatTime } from '@rozmova/contract';
import { addDays, dayOfWeekOf, daysBetween } from '../../lib/time.js';
import type { BookedSlot, WeeklySlot } from './repository.js';

function groupByFirst<T extends readonly number[]>(items: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item[0]);
    if (group) group.push(item);
    else groups.set(item[0], [item]);
  }
  return groups;
}

export type RangeDay = { date: string; weekday: number };

/** The dates of a range with their weekday numbers (1 = Monday), worked out once per search. */
export const rangeDays = (startDate: string, endDate: string): RangeDay[] =>
  Array.from({ length: daysBetween(startDate, endDate) + 1 }, (_, i) => {
    const date = addDays(startDate, i);
    return { date, weekday: DAYS_OF_WEEK.indexOf(dayOfWeekOf(date)) + 1 };
  });

/**
 * The weekly schedule laid over each day of the range, minus slots overlapping a confirmed appointment and slots that
 * do not start after now. Dates and minutes are platform wall-clock values.
 */
export function freeSlots(
  week: WeeklySlot[],
  booked: BookedSlot[],
  days: RangeDay[],
  now: { date: string; minute: number },
): AvailableSlot[] {
  const byWeekday = groupByFirst([...week].sort((a, b) => a[1] - b[1]));
  const bookedByDay = groupByFirst(booked);
  const free: AvailableSlot[] = [];
  for (const [day, { date, weekday }] of days.entries()) {
    if (date < now.date) continue;
    const taken = bookedByDay.get(day) ?? [];
    for (const [, start, end] of byWeekday.get(weekday) ?? []) {
      if (date === now.date && start <= now.minute) continue;
      if (taken.some(([, bookedStart, bookedEnd]) => bookedStart < end && bookedEnd > start)) continue;
      free.push({ date, startTime: formatTime(start), endTime: formatTime(end) });
    }
  }
  return free;
}
