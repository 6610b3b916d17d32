import { describe, expect, it } from 'vitest';
import { hasEnded, resolveToday, wallClock } from './platform';

const browserToday = () => '2025-11-22';

describe("the platform's today", () => {
  it("is the server's date even when the browser is still on another day", () => {
    expect(resolveToday({ timeZone: 'Europe/Kyiv', today: '2025-11-23' }, false, browserToday)).toBe('2025-11-23');
    expect(resolveToday({ timeZone: 'Europe/Kyiv', today: '2025-11-23' }, true, browserToday)).toBe('2025-11-23');
  });

  it('is unknown while the server is being asked', () => {
    expect(resolveToday(undefined, false, browserToday)).toBeUndefined();
  });

  it("falls back to the browser's date when the server cannot be asked", () => {
    expect(resolveToday(undefined, true, browserToday)).toBe('2025-11-22');
  });
});

describe('wall-clock time', () => {
  it("reads an instant on the platform zone's clock, across a date line", () => {
    const at = new Date('2025-11-22T22:30:00Z');
    expect(wallClock(at, 'Europe/Kyiv')).toEqual({ date: '2025-11-23', time: '00:30' });
    expect(wallClock(at, 'America/New_York')).toEqual({ date: '2025-11-22', time: '17:30' });
  });

  it('counts an appointment as ended from its end time on', () => {
    const now = { date: '2025-11-23', time: '10:00' };
    expect(hasEnded({ date: '2025-11-22', endTime: '23:00' }, now)).toBe(true);
    expect(hasEnded({ date: '2025-11-23', endTime: '10:00:00' }, now)).toBe(true);
    expect(hasEnded({ date: '2025-11-23', endTime: '10:30' }, now)).toBe(false);
    expect(hasEnded({ date: '2025-11-24', endTime: '09:00' }, now)).toBe(false);
  });
});
