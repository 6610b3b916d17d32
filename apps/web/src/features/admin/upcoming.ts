import type { AdminAppointmentRow } from '@rozmova/contract';
import { hasEnded } from '../../lib/session-window';

type Timed = Pick<AdminAppointmentRow, 'startsAt' | 'endsAt'>;

/** Upcoming until its end has passed at `now` (epoch ms); otherwise it is past. */
export const isUpcoming = (a: Timed, now: number) => !hasEnded(a, now);

const start = (a: Timed) => Date.parse(a.startsAt);

/** The two tabs: upcoming soonest first, past latest first (by the instants, whatever zone their times read in). */
export function splitByNow<T extends AdminAppointmentRow>(rows: readonly T[], now: number): { upcoming: T[]; past: T[] } {
  const upcoming = rows.filter((a) => isUpcoming(a, now)).sort((a, b) => start(a) - start(b));
  const past = rows.filter((a) => !isUpcoming(a, now)).sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}

/** One page (from 0) of a list shown `size` at a time. */
export const pageOf = <T>(rows: readonly T[], page: number, size = 10): T[] => rows.slice(page * size, page * size + size);
