import { describe, expect, it } from 'vitest';
import './i18n';
import { addDaysIso, formatDate, formatDateTime, groupByDate, shortTime, timeRange } from './dates';

describe('date helpers', () => {
  it("formats dates as 'MMMM D, YYYY' in the chosen language", () => {
    expect(formatDate('2025-03-07', 'en')).toBe('March 7, 2025');
    expect(formatDate('2025-03-07', 'uk')).toBe('березень 7, 2025');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it("formats instants as 'HH:mm DD/MM/YYYY' in the browser's zone", () => {
    const local = new Date(2025, 2, 7, 9, 5).toISOString();
    expect(formatDateTime(local)).toBe('09:05 07/03/2025');
    expect(formatDateTime('nope')).toBe('nope');
  });

  it('adds days across month and year boundaries', () => {
    expect(addDaysIso('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('shows times without seconds', () => {
    expect(shortTime('09:30:00')).toBe('09:30');
    expect(timeRange('23:00', '24:00')).toBe('23:00–24:00');
  });

  it('groups items by date in their first-seen order', () => {
    const items = [
      { date: '2025-03-08', n: 1 },
      { date: '2025-03-07', n: 2 },
      { date: '2025-03-08', n: 3 },
    ];
    expect(groupByDate(items)).toEqual([
      { date: '2025-03-08', items: [items[0], items[2]] },
      { date: '2025-03-07', items: [items[1]] },
    ]);
  });
});
