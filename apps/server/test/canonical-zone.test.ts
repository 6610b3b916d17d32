import { canonicalZone, TIME_ZONE_ALIASES, TIME_ZONES, timeZoneBodySchema } from '@rozmova/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The UTC offsets a zone shows on the 1st of every month of 2024–2030, by Intl alone. */
function offsets(zone: string): string[] {
  const format = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' });
  return Array.from({ length: 84 }, (_, i) => format.format(Date.UTC(2024, i, 1, 12)).split(', ')[1]);
}

describe('canonical zone names', () => {
  it.each([
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Europe/Uzhgorod', 'Europe/Kyiv'],
    ['europe/KIEV', 'Europe/Kyiv'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['US/Pacific', 'America/Los_Angeles'],
    ['US/Pacific-New', 'America/Los_Angeles'],
    ['America/Godthab', 'America/Nuuk'],
    ['Pacific/Enderbury', 'Pacific/Kanton'],
    ['Etc/UTC', 'UTC'],
    ['Etc/GMT', 'UTC'],
    ['GMT', 'UTC'],
    ['Zulu', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/GMT-14', 'Etc/GMT-14'],
  ])('maps %s to %s', (name, zone) => {
    expect(canonicalZone(name)).toBe(zone);
  });

  it.each(['Mars/Olympus', '+01:00', 'UTC+1', '', ' Europe/Kyiv', 'Factory', 'posix/Europe/Kyiv', 'localtime', 'PST'])(
    'refuses %j',
    (name) => {
      expect(canonicalZone(name)).toBeNull();
    },
  );

  it('gives every listed zone as itself and every alias as a listed zone that keeps its offsets', () => {
    const listed = new Set(TIME_ZONES);
    for (const zone of TIME_ZONES) expect(canonicalZone(zone)).toBe(zone);
    for (const [alias, zone] of TIME_ZONE_ALIASES) {
      expect(listed.has(alias), alias).toBe(false);
      expect(canonicalZone(alias)).toBe(zone);
      expect(offsets(alias), alias).toEqual(offsets(zone));
    }
  });

  it('maps every zone the runtime lists, as browsers report them', () => {
    for (const name of Intl.supportedValuesOf('timeZone')) expect(canonicalZone(name), name).not.toBeNull();
  });

  it('stores only names Intl, dayjs and the Temporal polyfill all take', () => {
    for (const zone of TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }).format(0), zone).not.toThrow();
      expect(dayjs.tz('2026-03-29 03:30', zone).isValid(), zone).toBe(true);
      expect(Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone).timeZoneId, zone).toBe(zone);
    }
  });

  it('answers the canonical name through the schema and names the field it refuses', () => {
    expect(timeZoneBodySchema.parse({ timeZone: 'Asia/Calcutta' })).toEqual({ timeZone: 'Asia/Kolkata' });
    const refused = timeZoneBodySchema.safeParse({ timeZone: 'Nowhere/City' });
    expect(refused.error?.issues.map((i) => i.path)).toEqual([['timeZone']]);
  });
});
