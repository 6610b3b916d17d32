import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateStyle, formatDate, timeRange, todayIso } from './dates';
import { useMe } from './me';
import { browserTimeZone } from './time-zones';

/**
 * A session or slot as the API answers it: `startTime`–`endTime` on the wall clock of `timeZone` (the viewer's own
 * zone), `startsAt` the instant it begins.
 */
export type ZonedTimes = { startTime: string; endTime: string; startsAt: string; timeZone: string };

// Making a formatter costs some fifteen times more than using one, and a list of slots asks for a few per slot.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

const parts = (at: Date, options: Intl.DateTimeFormatOptions, locale = 'en-CA') =>
  Object.fromEntries(
    formatter(locale, options)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/** An instant on a zone's wall clock: its date (YYYY-MM-DD) and time (HH:mm). */
export function wallClockIn(at: Date, timeZone: string): { date: string; time: string } {
  const p = parts(at, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * An instant in one of the app's date styles (dates.ts) as a zone's clock reads it, e.g. "March 7, 2025 14:05";
 * what does not parse is shown as it is.
 */
export function formatInstantIn(value: string, timeZone: string, locale: string, style: DateStyle = 'dateTime'): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const { date, time } = wallClockIn(at, timeZone);
  return formatDate(`${date}T${time}`, locale, style);
}

/**
 * An instant as a zone's clock reads it, with the zone's name: "November 24, 2026 00:30 GMT+2". The one way the web
 * writes when something happened (audit rows, notes, questionnaires, notifications); `date` style carries no zone.
 */
export function formatInstantZoned(value: string, timeZone: string, locale: string, style: DateStyle = 'dateTime'): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const text = formatInstantIn(value, timeZone, locale, style);
  return style === 'date' ? text : `${text} ${zoneAbbr(timeZone, at, locale)}`;
}

/** The zone the viewer's times are shown in: the account's, or the browser's until the account is read. */
export function useViewerZone(): string {
  const me = useMe();
  return me.data?.timeZone ?? browserTimeZone() ?? 'UTC';
}

/**
 * Writes instants on the viewer's own clock with its zone (formatInstantZoned); `{ zone: false }` leaves the zone's
 * name out where one label names it for many (a chart's axis).
 */
export function useFormatInstant() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const timeZone = useViewerZone();
  return useCallback(
    (value: string, style: DateStyle = 'dateTime', { zone = true }: { zone?: boolean } = {}) =>
      zone ? formatInstantZoned(value, timeZone, locale, style) : formatInstantIn(value, timeZone, locale, style),
    [locale, timeZone],
  );
}

/** Today (YYYY-MM-DD) in a zone. */
export const todayIn = (timeZone: string, at: Date = new Date()) => wallClockIn(at, timeZone).date;

/** The zone's short name at an instant, as the language writes it: "EST", "GMT+2" (it changes with daylight saving). */
export const zoneAbbr = (timeZone: string, at: Date, locale: string): string =>
  parts(at, { timeZone, timeZoneName: 'short' }, locale).timeZoneName ?? timeZone;

/** A zone's city as people read it: "America/New_York" → "New York", "Europe/Kyiv" → "Kyiv". */
export const zoneCity = (timeZone: string): string => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** "09:00–10:00 EST": the times on the viewer's clock with the name of their zone. */
export const zonedRange = (w: ZonedTimes, locale: string): string =>
  `${timeRange(w.startTime, w.endTime)} ${zoneAbbr(w.timeZone, new Date(w.startsAt), locale)}`;

/**
 * When the session starts on another zone's clock, if that clock reads otherwise than the viewer's: "10:00", or
 * "Fri 10:00" when it is another date there; null when both clocks agree at that instant.
 */
export function startElsewhere(w: ZonedTimes, otherZone: string, locale: string): string | null {
  const at = new Date(w.startsAt);
  const mine = wallClockIn(at, w.timeZone);
  const theirs = wallClockIn(at, otherZone);
  if (mine.date === theirs.date && mine.time === theirs.time) return null;
  const sameDay = mine.date === theirs.date;
  return formatter(locale, {
    timeZone: otherZone,
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/**
 * The formatters every screen that shows a session's time uses, bound to the chosen language: `range` gives
 * "09:00–10:00 EST", `zone` "EST", `elsewhere` "10:00 in Kyiv" for the other person's zone (null when their clock
 * reads the same).
 */
export function useZonedTime() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const range = useCallback((w: ZonedTimes) => zonedRange(w, locale), [locale]);
  const zone = useCallback((w: ZonedTimes) => zoneAbbr(w.timeZone, new Date(w.startsAt), locale), [locale]);
  const elsewhere = useCallback(
    (w: ZonedTimes, otherZone: string) => {
      const time = startElsewhere(w, otherZone, locale);
      return time === null ? null : t('timeZone.elsewhere', { time, city: zoneCity(otherZone) });
    },
    [locale, t],
  );
  return useMemo(() => ({ range, zone, elsewhere }), [range, zone, elsewhere]);
}

/**
 * Today (YYYY-MM-DD) in the viewer's own zone, which the server counts search and booking dates in; the browser's
 * date once the account cannot be read, undefined while it loads.
 */
export function useViewerToday(): string | undefined {
  const me = useMe();
  if (me.data) return todayIn(me.data.timeZone);
  return me.isError ? todayIso() : undefined;
}
