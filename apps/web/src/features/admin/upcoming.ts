import type { AdminAppointmentRow } from '@rozmova/contract';
import { hasEnded } from '../../lib/platform';

/** Upcoming: its date plus end time is after now; otherwise it is past. */
export const isUpcoming = (a: Pick<AdminAppointmentRow, 'date' | 'endTime'>, now: string) => !hasEnded(a, now);

const start = (a: Pick<AdminAppointmentRow, 'date' | 'startTime'>) => `${a.date} ${a.startTime.slice(0, 5)}`;

/** The two tabs: upcoming soonest first, past latest first. */
export function splitByNow<T extends AdminAppointmentRow>(rows: readonly T[], now: string): { upcoming: T[]; past: T[] } {
  const upcoming = rows.filter((a) => isUpcoming(a, now)).sort((a, b) => start(a).localeCompare(start(b)));
  const past = rows.filter((a) => !isUpcoming(a, now)).sort((a, b) => start(b).localeCompare(start(a)));
  return { upcoming, past };
}

/** One page (from 0) of a list shown `size` at a time. */
export const pageOf = <T>(rows: readonly T[], page: number, size = 10): T[] => rows.slice(page * size, page * size + size);
