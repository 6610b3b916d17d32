import { describe, expect, it } from 'vitest';
import { instantOfWall } from './wall-instant';

describe('instantOfWall', () => {
  it('reads a wall time on the zone’s clock, with the offset of that date', () => {
    expect(instantOfWall('2026-03-22', '18:00', 'Europe/Kyiv')?.toISOString()).toBe('2026-03-22T16:00:00.000Z');
    expect(instantOfWall('2026-03-29', '18:00', 'Europe/Kyiv')?.toISOString()).toBe('2026-03-29T15:00:00.000Z');
    expect(instantOfWall('2026-07-01', '09:30', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(instantOfWall('2026-01-15', '00:00', 'UTC')?.toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('gives none for a time the clock skips when daylight saving starts', () => {
    expect(instantOfWall('2026-03-29', '03:30', 'Europe/Kyiv')).toBeNull();
    expect(instantOfWall('2026-03-08', '02:30', 'America/New_York')).toBeNull();
  });

  it('takes the later of a time the clock shows twice when daylight saving ends, as the server does', () => {
    expect(instantOfWall('2026-10-25', '03:30', 'Europe/Kyiv')?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(instantOfWall('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('handles zones with half-hour offsets and the far side of the date line', () => {
    expect(instantOfWall('2026-05-10', '10:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-05-10T04:30:00.000Z');
    expect(instantOfWall('2026-05-10', '08:00', 'Pacific/Auckland')?.toISOString()).toBe('2026-05-09T20:00:00.000Z');
  });

  it('refuses what is not a date and a time', () => {
    expect(instantOfWall('2026-02-30x', '10:00', 'UTC')).toBeNull();
    expect(instantOfWall('2026-05-10', '', 'UTC')).toBeNull();
  });
});
