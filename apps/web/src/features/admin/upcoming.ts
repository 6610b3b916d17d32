import type { AdminAppointmentRow } from '@rozmova/contract';

/**
 * 'YYYY-MM-DD HH:mm' of an instant on the wall clock of a zone (the platform's; the browser's when it is unknown).
 * Appointment dates and times are that zone's wall-clock times, so they compare with it as text.
 */
export function wallClock(now: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** Upcoming: its date plus end time is after now; otherwise it is past. */
export const isUpcoming = (a: Pick<AdminAppointmentRow, 'date' | 'endTime'>, now: string) =>
  `${a.date} ${a.endTime.slice(0, 5)}` > now;

const start = (a: Pick<AdminAppointmentRow, 'date' | 'startTime'>) => `${a.date} ${a.startTime.slice(0, 5)}`;

/** The two tabs: upcoming soonest first, past latest first. */
export function splitByNow<T extends AdminAppointmentRow>(rows: readonly T[], now: string): { upcoming: T[]; past: T[] } {
  const upcoming = rows.filter((a) => isUpcoming(a, now)).sort((a, b) => start(a).localeCompare(start(b)));
  const past = rows.filter((a) => !isUpcoming(a, now)).sort((a, b) => start(b).localeCompare(start(a)));
  return { upcoming, past };
}

/** One page (from 0) of a list shown `size` at a time. */
export const pageOf = <T>(rows: readonly T[], page: number, size = 10): T[] => rows.slice(page * size, page * size + size);
