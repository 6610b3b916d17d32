import { addDaysIso } from '../../lib/dates';
import { instantOfWall } from '../../lib/wall-instant';

/** How a program repeats: every 7 days, or every N days. */
export type Repeat = 'WEEKLY' | 'DAYS';

/** One planned session: its date on the psychologist's clock and its start, null when the clock skips that time. */
export type PlannedSession = { date: string; startsAt: Date | null };

type Plan = { date: string; time: string; timeZone: string; count: number; everyDays: number };

/**
 * The sessions a new program will have, as the server plans them: the first at the chosen wall time, then every
 * `everyDays` days at the same time on the psychologist's clock, so a weekly 18:00 group stays at 18:00 across a
 * daylight-saving change.
 */
export function planSessions({ date, time, timeZone, count, everyDays }: Plan): PlannedSession[] {
  return Array.from({ length: count }, (_, i) => {
    const day = addDaysIso(date, i * everyDays);
    return { date: day, startsAt: instantOfWall(day, time, timeZone) };
  });
}

/** The days between sessions the repeat choice means. */
export const everyDaysOf = (repeat: Repeat, days: number): number => (repeat === 'WEEKLY' ? 7 : days);
