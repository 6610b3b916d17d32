import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, sameZone, zoneOffset, zoneOptions } from './time-zones';

describe('time zones', () => {
  it('gives the offset in force at the instant, daylight saving included', () => {
    expect(zoneOffset('Europe/Kyiv', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+2');
    expect(zoneOffset('Europe/Kyiv', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+3');
    expect(zoneOffset('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe('GMT-5');
    expect(zoneOffset('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('GMT-4');
  });

  it('lists every zone once by its canonical name, sorted, with the current one even when it is not among them', () => {
    const options = zoneOptions('Mars/Olympus');
    const values = options.map((o) => o.value);
    expect(values).toContain('Europe/Warsaw');
    expect(values).toContain('Europe/Kyiv');
    expect(values).toContain('Asia/Kolkata');
    expect(values).not.toContain('Europe/Kiev');
    expect(values).not.toContain('Asia/Calcutta');
    expect(values).toContain('UTC');
    expect(options.find((o) => o.value === 'Mars/Olympus')?.label).toBe('Mars/Olympus');
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual(values);
    expect(options.find((o) => o.value === 'America/New_York')?.label).toMatch(/^America\/New York \(GMT-[45]\)$/);
  });

  it('takes two names of one zone as the same zone', () => {
    expect(sameZone('Europe/Kiev', 'Europe/Kyiv')).toBe(true);
    expect(sameZone('Etc/UTC', 'UTC')).toBe(true);
    expect(sameZone('Europe/Kyiv', 'Europe/Warsaw')).toBe(false);
  });

  it("sends the browser's zone by its canonical name, whichever name the browser reports", () => {
    for (const [reported, stored] of [
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['Europe/Kyiv', 'Europe/Kyiv'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['US/Pacific', 'America/Los_Angeles'],
      ['Etc/UTC', 'UTC'],
      ['GMT', 'UTC'],
    ]) {
      const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
      resolvedOptions.mockReturnValue({ timeZone: reported } as Intl.ResolvedDateTimeFormatOptions);
      expect(browserTimeZone(), reported).toBe(stored);
      resolvedOptions.mockRestore();
    }
  });
});
