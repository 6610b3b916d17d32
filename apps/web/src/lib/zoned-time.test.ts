import 'dayjs/locale/uk';
import { describe, expect, it } from 'vitest';
import {
  formatInstantIn,
  formatInstantZoned,
  startElsewhere,
  todayIn,
  wallClockIn,
  zoneAbbr,
  zoneCity,
  zonedRange,
} from './zoned-time';

// 09:00–10:00 in New York on a winter day (EST, UTC-5): 16:00 in Kyiv (UTC+2), 23:00 in Tokyo (UTC+9).
const session = { startTime: '09:00', endTime: '10:00', startsAt: '2026-01-15T14:00:00Z', timeZone: 'America/New_York' };

describe('times in zones', () => {
  it("reads an instant on any zone's wall clock, not the machine's", () => {
    const at = new Date('2026-11-23T22:30:00Z');
    expect(wallClockIn(at, 'Europe/Kyiv')).toEqual({ date: '2026-11-24', time: '00:30' });
    expect(wallClockIn(at, 'America/New_York')).toEqual({ date: '2026-11-23', time: '17:30' });
    expect(todayIn('Pacific/Kiritimati', at)).toBe('2026-11-24');
    expect(todayIn('Pacific/Pago_Pago', at)).toBe('2026-11-23');
  });

  it("writes an instant in the app's date styles as the reader's zone reads it", () => {
    const at = '2026-11-23T22:30:00Z';
    expect(formatInstantIn(at, 'Europe/Kyiv', 'en')).toBe('November 24, 2026 00:30');
    expect(formatInstantIn(at, 'America/New_York', 'en')).toBe('November 23, 2026 17:30');
    expect(formatInstantIn(at, 'Europe/Kyiv', 'uk')).toBe('24 листопада 2026, 00:30');
    expect(formatInstantIn(at, 'Europe/Kyiv', 'en', 'stamp')).toBe('00:30 24/11/2026');
    expect(formatInstantIn('not a time', 'Europe/Kyiv', 'en')).toBe('not a time');
  });

  it('writes an instant with the name of the zone it is read in, except as a bare date', () => {
    const at = '2026-11-23T22:30:00Z';
    expect(formatInstantZoned(at, 'Europe/Berlin', 'en')).toBe('November 23, 2026 23:30 GMT+1');
    expect(formatInstantZoned(at, 'America/New_York', 'en', 'stamp')).toBe('17:30 23/11/2026 EST');
    expect(formatInstantZoned(at, 'Europe/Kyiv', 'uk', 'date')).toBe('24 листопада 2026');
    expect(formatInstantZoned('not a time', 'Europe/Kyiv', 'en')).toBe('not a time');
  });

  it('names a zone as the language writes it, by the offset of that date', () => {
    expect(zoneAbbr('America/New_York', new Date('2026-01-15T12:00:00Z'), 'en')).toBe('EST');
    expect(zoneAbbr('America/New_York', new Date('2026-07-15T12:00:00Z'), 'en')).toBe('EDT');
    expect(zoneAbbr('Europe/Kyiv', new Date('2026-01-15T12:00:00Z'), 'en')).toBe('GMT+2');
    expect(zoneAbbr('Europe/Kyiv', new Date('2026-07-15T12:00:00Z'), 'uk')).toBe('GMT+3');
  });

  it('takes the city from the zone name', () => {
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('Europe/Kyiv')).toBe('Kyiv');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('UTC')).toBe('UTC');
  });

  it("labels the viewer's times with their zone", () => {
    expect(zonedRange(session, 'en')).toBe('09:00–10:00 EST');
    expect(zonedRange({ ...session, endTime: '24:00:00' }, 'en')).toBe('09:00–24:00 EST');
  });

  it("gives the other person's start when their clock reads otherwise, with the weekday on another date", () => {
    expect(startElsewhere(session, 'Europe/Kyiv', 'en')).toBe('16:00');
    expect(startElsewhere(session, 'Asia/Tokyo', 'en')).toBe('23:00');
    const evening = { ...session, startTime: '20:00', endTime: '21:00', startsAt: '2026-01-16T01:00:00Z' };
    expect(startElsewhere(evening, 'Europe/Kyiv', 'en')).toBe('Fri 03:00');
    expect(startElsewhere(evening, 'Europe/Kyiv', 'uk')).toBe('пт 03:00');
  });

  it('gives nothing when both clocks agree, whatever the zones are called', () => {
    expect(startElsewhere(session, 'America/New_York', 'en')).toBeNull();
    expect(startElsewhere(session, 'America/Toronto', 'en')).toBeNull();
    const kyiv = { ...session, startsAt: '2026-01-15T07:00:00Z', timeZone: 'Europe/Kyiv' };
    expect(startElsewhere(kyiv, 'Europe/Kiev', 'en')).toBeNull();
  });
});
