import type { AppointmentStatus } from '@rozmova/contract';
import { hasEnded } from '../../lib/session-window';

/**
 * What the active tab holds: sessions still to come, confirmed and not ended, as the server lists them. Applied again
 * to a list loaded earlier, so one canceled, marked missed or ended since moves to the archive at once.
 */
export const stillToCome = <T extends { status: AppointmentStatus; endsAt: string }>(items: T[], now: number): T[] =>
  items.filter((a) => a.status === 'CONFIRMED' && !hasEnded(a, now));
