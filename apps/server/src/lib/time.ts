import { DAYS_OF_WEEK, type DayOfWeek } from '@rozmova/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The current wall-clock moment in the platform zone. */
export const nowIn = (timeZone: string) => dayjs().tz(timeZone);

/** Today's date (YYYY-MM-DD) in the platform zone. */
export const todayIn = (timeZone: string): string => nowIn(timeZone).format('YYYY-MM-DD');

/** Today's date and the minutes elapsed since its 00:00 in the platform zone, to compare with stored slot minutes. */
export function nowMinuteIn(timeZone: string): { date: string; minute: number } {
  const now = nowIn(timeZone);
  return { date: now.format('YYYY-MM-DD'), minute: now.hour() * 60 + now.minute() };
}

/** The weekday (MONDAY…SUNDAY) of a calendar date; a date has the same weekday in every zone. */
export function dayOfWeekOf(date: string): DayOfWeek {
  const sundayFirst = dayjs.utc(date).day();
  return DAYS_OF_WEEK[(sundayFirst + 6) % 7];
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string): number => dayjs.utc(to).diff(dayjs.utc(from), 'day');
