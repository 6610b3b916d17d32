import type { AppointmentStatus } from '@rozmova/contract';
import { PATIENT_CANCEL_NOTICE_HOURS, ROOM_CLOSES_MINUTES_AFTER, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract/constants';

/** A session's instants (ISO 8601) and status, as every appointment the API answers carries them. */
export type Session = { startsAt: string; endsAt: string; status: AppointmentStatus };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Whether a session has started or ended at `now` (epoch ms): instants compare the same in every zone. */
export const hasStarted = (a: Pick<Session, 'startsAt'>, now: number) => Date.parse(a.startsAt) <= now;
export const hasEnded = (a: Pick<Session, 'endsAt'>, now: number) => Date.parse(a.endsAt) <= now;

/** When a session's room admits its two participants: from a little before its start to a while after its end. */
export const joinWindow = (a: Pick<Session, 'startsAt' | 'endsAt'>) => ({
  opensAt: Date.parse(a.startsAt) - ROOM_OPENS_MINUTES_BEFORE * MINUTE_MS,
  closesAt: Date.parse(a.endsAt) + ROOM_CLOSES_MINUTES_AFTER * MINUTE_MS,
});

/**
 * Where a session's room stands at `now`: `waiting` before its window opens, `open` within it, `ended` after it;
 * a session that is not confirmed has nothing to join whatever the time.
 */
export type RoomPhase = 'waiting' | 'open' | 'ended' | 'canceled' | 'noShow';

export function roomPhase(a: { status: AppointmentStatus; opensAt: number; closesAt: number }, now: number): RoomPhase {
  if (a.status === 'CANCELED') return 'canceled';
  if (a.status === 'NO_SHOW') return 'noShow';
  if (now < a.opensAt) return 'waiting';
  return now < a.closesAt ? 'open' : 'ended';
}

/** The phase of a listed session's room, its window counted from its instants. */
export const sessionRoomPhase = (a: Session, now: number) => roomPhase({ status: a.status, ...joinWindow(a) }, now);

/** Until when (epoch ms) a patient may still cancel or move a session themself: PATIENT_CANCEL_NOTICE_HOURS before. */
export const patientNoticeEnds = (a: Pick<Session, 'startsAt'>) => Date.parse(a.startsAt) - PATIENT_CANCEL_NOTICE_HOURS * HOUR_MS;

/** Whether the patient may move a session to another time at `now`. */
export const canReschedule = (a: Session, now: number) => a.status === 'CONFIRMED' && now < patientNoticeEnds(a);

/** Every moment at which what a session's card offers changes: the instants to re-render at. */
export const sessionBoundaries = (a: Pick<Session, 'startsAt' | 'endsAt'>): number[] => {
  const { opensAt, closesAt } = joinWindow(a);
  return [patientNoticeEnds(a), opensAt, Date.parse(a.startsAt), Date.parse(a.endsAt), closesAt];
};
