import { describe, expect, it } from 'vitest';
import { formatWait } from './wait';

describe('formatWait', () => {
  it('reads minutes and seconds under an hour, hours from there on', () => {
    expect(formatWait(0, 'en')).toBe('0:00');
    expect(formatWait(754, 'en')).toBe('12:34');
    expect(formatWait(3599, 'en')).toBe('59:59');
    expect(formatWait(3600, 'en')).toBe('1:00:00');
    expect(formatWait(86_399, 'en')).toBe('23:59:59');
  });

  it('puts the days first from a day on, in the language', () => {
    expect(formatWait(86_400, 'en')).toBe('1d 00:00:00');
    expect(formatWait(2 * 86_400 + 3723, 'en')).toBe('2d 01:02:03');
    expect(formatWait(2 * 86_400 + 3723, 'uk')).toMatch(/^2\s?дн?\.? 01:02:03$/);
  });
});
