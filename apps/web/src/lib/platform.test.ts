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
  it('reads the wall clock of the platform zone, not the machine', () => {
    const instant = new Date('2026-11-23T22:30:00Z');
    expect(wallClock(instant, 'Europe/Kyiv')).toBe('2026-11-24 00:30');
    expect(wallClock(instant, 'America/New_York')).toBe('2026-11-23 17:30');
    expect(wallClock(new Date('2026-06-01T09:05:00Z'), 'UTC')).toBe('2026-06-01 09:05');
  });

  it('counts an appointment as ended from its end time on, seconds or not', () => {
    const a = { date: '2026-11-23', endTime: '11:00:00' };
    expect(hasEnded(a, '2026-11-23 10:59')).toBe(false);
    expect(hasEnded(a, '2026-11-23 11:00')).toBe(true);
    expect(hasEnded(a, '2026-11-22 23:59')).toBe(false);
    expect(hasEnded(a, '2026-11-24 00:00')).toBe(true);
  });
});
