import { z } from 'zod';
import { inputString } from './common.js';

export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const dayOfWeekSchema = z.enum(DAYS_OF_WEEK);
export type DayOfWeek = z.infer<typeof dayOfWeekSchema>;

export const MINUTES_PER_DAY = 24 * 60;

/** "HH:mm" or "HH:mm:ss" (seconds must be 00) → minutes from 00:00; "24:00" is 1440. */
export function parseTime(value: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (min > 59 || s !== 0) return null;
  const total = h * 60 + min;
  return total <= MINUTES_PER_DAY ? total : null;
}

export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A wall-clock time, accepted as HH:mm or HH:mm:ss, always given back as HH:mm. */
export const timeSchema = inputString()
  .refine((v) => parseTime(v) !== null, 'Expected a time HH:mm between 00:00 and 24:00')
  .transform((v) => formatTime(parseTime(v) as number));

/**
 * Whether a name is an IANA time zone this runtime knows ("Europe/Warsaw", "UTC"). Offsets such as "+01:00", which
 * newer runtimes also accept, are not zones: they know no daylight saving.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = inputString().max(64).refine(isTimeZone, 'Expected an IANA time zone such as Europe/Kyiv');

/** PUT /api/user/time-zone: the zone the account's times are shown in. */
export const timeZoneBodySchema = z.object({ timeZone: timeZoneSchema });
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;
