import { DAYS_OF_WEEK, type DayOfWeek } from '@rozmova/contract';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** The weekday (MONDAY…SUNDAY) of a calendar date; a date has the same weekday in every zone. */
export function dayOfWeekOf(date: string): DayOfWeek {
  const sundayFirst = dayjs.utc(date).day();
  return DAYS_OF_WEEK[(sundayFirst + 6) % 7];
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string): number => dayjs.utc(to).diff(dayjs.utc(from), 'day');
