import { describe, expect, it } from 'vitest';
import { sameZone, zoneOffset, zoneOptions } from './time-zones';

describe('time zones', () => {
  it('gives the offset in force at the instant, daylight saving included', () => {
    expect(zoneOffset('Europe/Kyiv', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+2');
    expect(zoneOffset('Europe/Kyiv', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+3');
    expect(zoneOffset('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe('GMT-5');
    expect(zoneOffset('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('GMT-4');
  });

  it('lists every zone once, sorted, with the current one even when the browser does not know it', () => {
    const options = zoneOptions('Europe/Kiev');
    const values = options.map((o) => o.value);
    expect(values).toContain('Europe/Warsaw');
    expect(values).toContain('Europe/Kiev');
    expect(values).toContain('UTC');
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual(values);
    expect(options.find((o) => o.value === 'America/New_York')?.label).toMatch(/^America\/New York \(GMT-[45]\)$/);
  });

  it('takes two names of one zone as the same zone', () => {
    expect(sameZone('Europe/Kiev', 'Europe/Kyiv')).toBe(true);
    expect(sameZone('Europe/Kyiv', 'Europe/Warsaw')).toBe(false);
  });
});
