import { describe, expect, it } from 'vitest';
import 'dayjs/locale/uk';
import { addDaysIso, dateFormat, formatDate, groupByDate, parseTypedDate, shortTime, timeRange } from './dates';

describe('date helpers', () => {
  it("formats dates as 'MMMM D, YYYY' in English, capitalised", () => {
    expect(formatDate('2026-11-23', 'en')).toBe('November 23, 2026');
    expect(formatDate('2025-03-07', 'en')).toBe('March 7, 2025');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it("formats dates as 'D MMMM YYYY' in Ukrainian, with the month in the genitive and lower-case", () => {
    expect(formatDate('2026-11-23', 'uk')).toBe('23 листопада 2026');
    expect(formatDate('2025-03-07', 'uk')).toBe('7 березня 2025');
    expect(formatDate('2025-05-01', 'uk')).toBe('1 травня 2025');
    expect(formatDate('not a date', 'uk')).toBe('not a date');
  });

  it('falls back to the English formats for an unknown language', () => {
    expect(dateFormat('de')).toBe('MMMM D, YYYY');
  });

  it('gives each spec format with its Ukrainian equivalent, e.g. for date pickers', () => {
    expect(dateFormat('en')).toBe('MMMM D, YYYY');
    expect(dateFormat('uk')).toBe('D MMMM YYYY');
    expect(dateFormat('en', 'stamp')).toBe('HH:mm DD/MM/YYYY');
    expect(dateFormat('uk', 'stamp')).toBe('HH:mm DD/MM/YYYY');
    expect(dateFormat('en', 'dateTime')).toBe('MMMM D, YYYY HH:mm');
    expect(dateFormat('uk', 'dateTime')).toBe('D MMMM YYYY, HH:mm');
  });

  it("formats instants in the browser's zone in both languages", () => {
    const local = new Date(2026, 10, 23, 9, 5).toISOString();
    expect(formatDate(local, 'en', 'stamp')).toBe('09:05 23/11/2026');
    expect(formatDate(local, 'uk', 'stamp')).toBe('09:05 23/11/2026');
    expect(formatDate(local, 'en', 'dateTime')).toBe('November 23, 2026 09:05');
    expect(formatDate(local, 'uk', 'dateTime')).toBe('23 листопада 2026, 09:05');
    expect(formatDate('nope', 'en', 'stamp')).toBe('nope');
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

describe('parseTypedDate', () => {
  it('reads a date typed the way each language shows it', () => {
    expect(parseTypedDate('March 14, 1991', 'en')).toBe('1991-03-14');
    expect(parseTypedDate('14 березня 1991', 'uk')).toBe('1991-03-14');
    expect(parseTypedDate(formatDate('1988-11-02', 'uk'), 'uk')).toBe('1988-11-02');
  });

  it('reads day-first digits and ISO dates', () => {
    expect(parseTypedDate('14.03.1991', 'uk')).toBe('1991-03-14');
    expect(parseTypedDate('4/3/1991', 'en')).toBe('1991-03-04');
    expect(parseTypedDate(' 1991-03-14 ', 'en')).toBe('1991-03-14');
  });

  it('refuses what is not a real date', () => {
    expect(parseTypedDate('31.02.1991', 'uk')).toBeNull();
    expect(parseTypedDate('1991-13-01', 'en')).toBeNull();
    expect(parseTypedDate('soon', 'en')).toBeNull();
    expect(parseTypedDate('', 'uk')).toBeNull();
  });
});
