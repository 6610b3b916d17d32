import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const ISO = 'YYYY-MM-DD';

dayjs.extend(customParseFormat);

/**
 * The spec's formats (§9) and their Ukrainian equivalents: Ukrainian puts the day first, which also makes dayjs's
 * `uk` locale pick the genitive month ('23 листопада 2026'), written lower-case as Ukrainian does.
 * `date` is for appointments, slots and birth dates, `stamp` for when a note was written, `dateTime` for the manager
 * dashboard.
 */
const FORMATS = {
  en: { date: 'MMMM D, YYYY', stamp: 'HH:mm DD/MM/YYYY', dateTime: 'MMMM D, YYYY HH:mm' },
  uk: { date: 'D MMMM YYYY', stamp: 'HH:mm DD/MM/YYYY', dateTime: 'D MMMM YYYY, HH:mm' },
} as const;

export type DateStyle = keyof (typeof FORMATS)['en'];

/** The dayjs format of a style in a language (unknown languages get English), e.g. for a picker's `valueFormat`. */
export function dateFormat(locale: string, style: DateStyle = 'date'): string {
  return (locale === 'uk' ? FORMATS.uk : FORMATS.en)[style];
}

/**
 * A calendar date ('2025-03-07') or a wall-clock time ('2025-03-07T14:05') in the given language and style, e.g.
 * 'March 7, 2025' or '7 березня 2025'. Instants go through zoned-time.ts (useFormatInstant), which reads them on the
 * viewer's clock and names its zone. What does not parse is shown as it is.
 */
export function formatDate(value: string, locale: string, style: DateStyle = 'date'): string {
  const d = dayjs(value);
  return d.isValid() ? d.locale(locale).format(dateFormat(locale, style)) : value;
}

/** A date formatter bound to the chosen language; it changes identity when the language changes. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((value: string, style: DateStyle = 'date') => formatDate(value, locale, style), [locale]);
}

/** A calendar date as YYYY-MM-DD when the three parts make a real date, else null. */
function realDate(year: number, month: number, day: number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return dayjs(iso, ISO, true).isValid() ? iso : null;
}

/**
 * A typed date as YYYY-MM-DD, or null: the way the language shows it ('March 14, 1991', '14 березня 1991'),
 * day-first digits ('14.03.1991', '14/3/1991') or ISO ('1991-03-14').
 */
export function parseTypedDate(text: string, locale: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (dayFirst) return realDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const lang = locale === 'uk' ? 'uk' : 'en';
  const parsed = dayjs(value, dateFormat(lang), lang, true);
  return parsed.isValid() ? parsed.format(ISO) : null;
}

/** Today in the browser, as YYYY-MM-DD. */
export const todayIso = () => dayjs().format(ISO);

export const addDaysIso = (isoDate: string, days: number) => dayjs(isoDate).add(days, 'day').format(ISO);

/** 'HH:mm' from 'HH:mm' or 'HH:mm:ss' (the server may send seconds). */
export const shortTime = (time: string) => time.slice(0, 5);

export const timeRange = (start: string, end: string) => `${shortTime(start)}–${shortTime(end)}`;

/** Items grouped under their date, keeping the order in which the dates first appear. */
export function groupByDate<T extends { date: string }>(items: readonly T[]): { date: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.date);
    if (group) group.push(item);
    else groups.set(item.date, [item]);
  }
  return [...groups].map(([date, grouped]) => ({ date, items: grouped }));
}
