import { z } from 'zod';
import { inputString } from './common.js';
import { TIME_ZONE_ALIASES, TIME_ZONES } from './time-zone-names.js';

export { TIME_ZONE_ALIASES, TIME_ZONES };

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

const runtimeKnown = new Map<string, boolean>();
/** Whether this runtime's Intl, which dayjs and the Temporal polyfill use too, takes the zone (an old browser may not). */
function runtimeKnows(zone: string): boolean {
  let known = runtimeKnown.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    runtimeKnown.set(zone, known);
  }
  return known;
}

let byName: Map<string, string> | undefined;

/**
 * The one name Rozmova stores for a time zone: its current IANA name, from the generated list every part of the
 * system was shown to know ("Europe/Kiev" → "Europe/Kyiv", "Asia/Calcutta" → "Asia/Kolkata", "Etc/UTC" and "GMT" →
 * "UTC"); names match regardless of case. Null for any other name (offsets such as "+01:00" know no daylight saving),
 * and for one this runtime does not know.
 */
export function canonicalZone(name: string): string | null {
  if (!byName) {
    byName = new Map(TIME_ZONE_ALIASES.map(([alias, zone]) => [alias.toLowerCase(), zone]));
    for (const zone of TIME_ZONES) byName.set(zone.toLowerCase(), zone);
  }
  const zone = byName.get(name.toLowerCase());
  return zone !== undefined && runtimeKnows(zone) ? zone : null;
}

/** A time zone as a client names it, given back as its canonical name; any other name is refused. */
export const timeZoneSchema = inputString()
  .max(64)
  .transform((name, ctx) => {
    const zone = canonicalZone(name);
    if (zone === null)
      ctx.issues.push({ code: 'custom', input: name, message: 'Expected an IANA time zone such as Europe/Kyiv' });
    return zone ?? z.NEVER;
  });

/** PUT /api/user/time-zone: the zone the account's times are shown in. */
export const timeZoneBodySchema = z.object({ timeZone: timeZoneSchema });
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;
/** Its answer: the canonical name stored. */
export const timeZoneAnswerSchema = z.object({ timeZone: z.string() });
