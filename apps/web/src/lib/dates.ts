import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec's date format for appointments and slots. */
export const DATE_FORMAT = 'MMMM D, YYYY';
const ISO = 'YYYY-MM-DD';
/** The spec's format for when a note was written. */
export const DATE_TIME_FORMAT = 'HH:mm DD/MM/YYYY';

/** '2025-03-07' in the given language, e.g. 'March 7, 2025' or 'березня 7, 2025'. */
export function formatDate(isoDate: string, locale: string): string {
  const d = dayjs(isoDate);
  return d.isValid() ? d.locale(locale).format(DATE_FORMAT) : isoDate;
}

/** An ISO instant as 'HH:mm DD/MM/YYYY' in the browser's zone: the writer's own clock. */
export function formatDateTime(instant: string): string {
  const d = dayjs(instant);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : instant;
}

/** A date formatter bound to the chosen language; it changes identity when the language changes. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((isoDate: string) => formatDate(isoDate, locale), [locale]);
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
