import type { PlatformNow } from '../../lib/clock.js';

/** Whether a (date, minute) moment lies strictly after now, both in platform wall-clock time. */
export const isAfterNow = (date: string, minute: number, now: PlatformNow): boolean =>
  date > now.date || (date === now.date && minute > now.minute);

/** An appointment has ended once its end is not after now. */
export const hasEnded = (a: { date: string; endMinute: number }, now: PlatformNow): boolean =>
  !isAfterNow(a.date, a.endMinute, now);

/** A psychologist may cancel only a confirmed appointment that has not ended yet. */
export const isCancelable = (a: { status: string; date: string; endMinute: number }, now: PlatformNow): boolean =>
  a.status === 'CONFIRMED' && !hasEnded(a, now);
