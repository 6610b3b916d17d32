import { describe, expect, it } from 'vitest';
import { instantOf, startOfDay, wallOf, whenIn } from './zoned.js';

describe('zoned time', () => {
  it('reads a plain wall-clock moment as its instant and back', () => {
    const at = instantOf({ date: '2026-03-11', minute: 600 }, 'Europe/Kyiv');
    expect(at?.toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(wallOf(at as Date, 'America/New_York')).toEqual({ date: '2026-03-11', minute: 4 * 60 });
  });

  it('has no instant for a moment a spring-forward change skips', () => {
    expect(instantOf({ date: '2026-03-29', minute: 3 * 60 + 30 }, 'Europe/Kyiv')).toBeNull();
    expect(instantOf({ date: '2026-03-08', minute: 2 * 60 }, 'America/New_York')).toBeNull();
  });

  it('takes the later instant of a moment a fall-back change repeats', () => {
    const at = instantOf({ date: '2026-10-25', minute: 3 * 60 + 30 }, 'Europe/Kyiv');
    expect(at?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('reads 24:00 as the next day', () => {
    expect(instantOf({ date: '2026-03-11', minute: 1440 }, 'UTC')?.toISOString()).toBe('2026-03-12T00:00:00.000Z');
  });

  it('starts a day at its first moment, even where midnight is skipped', () => {
    expect(startOfDay('2026-03-11', 'Europe/Kyiv').toISOString()).toBe('2026-03-10T22:00:00.000Z');
    // Santiago moves from 00:00 to 01:00 on its spring-forward day.
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('answers the same when asked again, a moment that does not exist included, whatever a caller did to an answer', () => {
    for (let round = 0; round < 2; round++) {
      expect(instantOf({ date: '2026-03-29', minute: 3 * 60 + 30 }, 'Europe/Kyiv')).toBeNull();
      const at = instantOf({ date: '2026-03-11', minute: 600 }, 'Europe/Kyiv') as Date;
      expect(at.toISOString()).toBe('2026-03-11T08:00:00.000Z');
      at.setTime(0);
      const wall = wallOf(new Date('2026-03-11T08:00:00Z'), 'Europe/Kyiv');
      expect(wall).toEqual({ date: '2026-03-11', minute: 600 });
      wall.minute = 1;
    }
  });

  it('stays right after far more distinct moments than it remembers', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const check = (i: number) => {
      const instant = new Date(start + i * 60_000);
      const wall = wallOf(instant, 'UTC');
      expect(instantOf(wall, 'UTC')?.getTime()).toBe(instant.getTime());
    };
    for (let i = 0; i < 20_500; i++) check(i);
    for (let i = 0; i < 100; i++) check(i);
  });

  it('answers an end at the next midnight as 24:00', () => {
    const when = whenIn(new Date('2026-03-11T21:00:00Z'), new Date('2026-03-11T22:00:00Z'), 'Europe/Kyiv');
    expect([when.date, when.startTime, when.endTime]).toEqual(['2026-03-11', '23:00', '24:00']);
  });

  it('answers an interval in a zone, its end after midnight included', () => {
    const start = new Date('2026-03-11T22:30:00Z');
    expect(whenIn(start, new Date('2026-03-11T23:30:00Z'), 'Europe/Warsaw')).toEqual({
      date: '2026-03-11',
      startTime: '23:30',
      endTime: '00:30',
      startsAt: '2026-03-11T22:30:00.000Z',
      endsAt: '2026-03-11T23:30:00.000Z',
      timeZone: 'Europe/Warsaw',
    });
  });
});
