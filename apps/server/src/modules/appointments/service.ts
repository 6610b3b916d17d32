import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  type AppointmentInfo,
  type AppointmentListItem,
  type AppointmentTab,
  BOOKING_HORIZON_DAYS,
  type bookAppointmentBodySchema,
  GROUP_SFU_MAX_PEOPLE,
  hasVisibleText,
  MAX_ROOM_PEERS,
  MAX_UPCOMING_APPOINTMENTS,
  PATIENT_CANCEL_NOTICE_HOURS,
  type Page,
  type PageQuery,
  type PatientAppointment,
  parseTime,
  REVIEW_MAX_BYTES,
  ROOM_CLOSES_MINUTES_AFTER,
  ROOM_OPENS_MINUTES_BEFORE,
} from '@rozmova/contract';
import type { z } from 'zod';
import { audit } from '../../access/audit.js';
import type { AppContext, ViewerContext } from '../../access/context.js';
import { ALL, type Everyone, type Participant } from '../../access/relations.js';
import { lockUser } from '../../db/lock-user.js';
import { overlapOf, retryingDeadlocks } from '../../db/overlap-error.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { AppError, badRequest, conflict, notFound, stale } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { inTimeOrder } from '../../lib/time-order.js';
import { addMinutes, instantOf, wallOf, whenIn } from '../../lib/zoned.js';
import { notifyAppointment, sendSoon } from '../notifications/service.js';
import { lastBookableDate, offeredSlotAt } from '../search/service.js';
import { ownGroupEntries, toGroupEntry, toPatientGroupEntry } from './group-entries.js';
import { groupRoom, groupRoomInfo, inGroupRoom } from './group-rooms.js';
import * as groupRepo from './group-sessions-repository.js';
import * as repo from './repository.js';

type BookBody = z.output<typeof bookAppointmentBodySchema>;

/** A stretch of time: a slot offered, an appointment's own. */
type Span = { startsAt: Date; endsAt: Date };

/** Which side of their appointments the viewer asks about: as the patient or as the psychologist. */
export type Side = 'patient' | 'psychologist';
const own = (ctx: ViewerContext, side: Side): Participant =>
  side === 'patient' ? { patientId: ctx.user.id } : { psychologistId: ctx.user.id };

/** A confirmed appointment may be canceled until it ends, also while it is in progress. */
const isCancelable = (a: { status: string; endsAt: Date }, now: Date): boolean => a.status === 'CONFIRMED' && a.endsAt > now;

/** An appointment as the viewer sees it: its times on their own wall clock, each participant's zone beside. */
export function toAppointment(ctx: Pick<ViewerContext, 'config' | 'user'>, row: repo.AppointmentRow): Appointment {
  const {
    startsAt,
    endsAt,
    patientReview: _,
    patientReviewedAt: _at,
    sequence: __,
    doctorTimeZone,
    patientTimeZone,
    ...rest
  } = row;
  return {
    ...rest,
    kind: 'INDIVIDUAL',
    group: null,
    attendance: null,
    ...whenIn(startsAt, endsAt, timeZoneOf(ctx, ctx.user)),
    doctorTimeZone: doctorTimeZone ?? ctx.config.timeZone,
    patientTimeZone: patientTimeZone ?? ctx.config.timeZone,
  };
}

/** What a notification about the appointment needs of it. */
const factsOf = (row: repo.AppointmentRow) => ({
  id: row.id,
  status: row.status,
  sequence: row.sequence,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  videoCallRoomId: row.videoCallRoomId,
  patientId: row.patientId,
  psychologistId: row.doctorId,
});

/** The appointment as it is now in the transaction; it exists, the caller has just written it. */
const reread = async (tx: Parameters<typeof repo.findAppointment>[0], id: number) =>
  (await repo.findAppointment(tx, id, ALL)) as repo.AppointmentRow;

/** The patient's own view of an appointment carries their feedback on it. */
const toPatientAppointment = (ctx: ViewerContext, row: repo.AppointmentRow): PatientAppointment => ({
  ...toAppointment(ctx, row),
  patientReview: row.patientReview,
  patientReviewedAt: row.patientReviewedAt?.toISOString() ?? null,
});

/** The window a session's room may be joined in. */
export const joinWindow = (a: Span): { opensAt: Date; closesAt: Date } => ({
  opensAt: addMinutes(a.startsAt, -ROOM_OPENS_MINUTES_BEFORE),
  closesAt: addMinutes(a.endsAt, ROOM_CLOSES_MINUTES_AFTER),
});

const toInfo = (ctx: ViewerContext, row: repo.AppointmentRow): AppointmentInfo => {
  const { id, cancellationReason, videoCallRoomId, ...info } = toAppointment(ctx, row);
  const { opensAt, closesAt } = joinWindow(row);
  return { ...info, opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), members: [] };
};

/** The viewer's individual and group sessions in a tab (see ownGroupEntries), merged by time. */
export async function listAppointments(
  ctx: ViewerContext,
  input: { side: Side; tab: AppointmentTab },
): Promise<AppointmentListItem[]> {
  const [rows, groups] = await Promise.all([
    repo.listAppointments(ctx.db, own(ctx, input.side), input.tab, ctx.clock.instant()),
    ownGroupEntries(ctx, own(ctx, input.side), input.tab),
  ]);
  const entries = [...rows.map((row) => toAppointment(ctx, row)), ...groups.map((row) => toGroupEntry(ctx, row))];
  return inTimeOrder(entries, input.tab === 'active' ? 'asc' : 'desc');
}

/** The signed-in patient's appointments and group sessions in a tab, each individual one with their own feedback on it. */
export async function listPatientAppointments(ctx: ViewerContext, tab: AppointmentTab): Promise<PatientAppointment[]> {
  const [rows, groups] = await Promise.all([
    repo.listAppointments(ctx.db, own(ctx, 'patient'), tab, ctx.clock.instant()),
    ownGroupEntries(ctx, own(ctx, 'patient'), tab),
  ]);
  const entries = [...rows.map((row) => toPatientAppointment(ctx, row)), ...groups.map((row) => toPatientGroupEntry(ctx, row))];
  return inTimeOrder(entries, tab === 'active' ? 'asc' : 'desc');
}

/**
 * The appointments and group sessions (with the patient's attendance; never a group's note) of the patients the
 * manager follows now, or of one of them; soonest first.
 */
export async function listManaged(ctx: ViewerContext, patientId?: number): Promise<AppointmentListItem[]> {
  const [rows, groups] = await Promise.all([
    repo.listManagedAppointments(ctx.db, ctx.user.id, patientId),
    groupRepo.listManagedGroupSessions(ctx.db, ctx.user.id, patientId),
  ]);
  return inTimeOrder([...rows.map((row) => toAppointment(ctx, row)), ...groups.map((row) => toGroupEntry(ctx, row))], 'asc');
}

/** The individual appointments of a patient the viewer may see that have ended, most recent first, as stored. */
export function endedOfPatient(ctx: ViewerContext, patientId: number): Promise<repo.AppointmentRow[]> {
  return repo.listEndedOfPatient(ctx.db, ctx.user, patientId, ctx.clock.instant());
}

/** The group sessions of a patient the viewer may see that have ended, most recent first, with their attendance. */
export async function endedGroupSessionsOf(ctx: ViewerContext, patientId: number): Promise<AppointmentListItem[]> {
  const rows = await groupRepo.listEndedGroupSessionsOfPatient(ctx.db, ctx.user, patientId, ctx.clock.instant());
  return rows.map((row) => toGroupEntry(ctx, row));
}

/**
 * The slot a booking body names, in the caller's zone: one the psychologist offers (weekly schedule and exceptions),
 * within the horizon and after now. Whether it is still free is for the database to settle.
 */
async function requestedSlot(ctx: ViewerContext, body: BookBody): Promise<Span> {
  const zone = timeZoneOf(ctx, ctx.user);
  const now = ctx.clock.instant();
  const startsAt = body.startsAt
    ? new Date(body.startsAt)
    : instantOf({ date: body.date as string, minute: parseTime(body.startTime as string) as number }, zone);
  const unavailable = conflict('SLOT_UNAVAILABLE', 'This time is not among the free slots of this psychologist');
  if (!startsAt) throw unavailable;
  if (wallOf(startsAt, zone).date > lastBookableDate(wallOf(now, zone).date)) {
    throw badRequest(
      body.startsAt ? 'body.startsAt' : 'body.date',
      `Appointments can be booked at most ${BOOKING_HORIZON_DAYS} days ahead`,
    );
  }
  if ((await repo.psychologistVerified(ctx.db, body.psychologistId)) === false) {
    throw conflict(
      'PSYCHOLOGIST_UNVERIFIED',
      'This psychologist cannot be booked until the platform has checked their documents',
    );
  }
  const slot = await offeredSlotAt(ctx, body.psychologistId, startsAt);
  if (!slot || slot.startsAt <= now) throw unavailable;
  if (body.endTime !== undefined && whenIn(slot.startsAt, slot.endsAt, zone).endTime !== body.endTime) throw unavailable;
  return slot;
}

/** The overlap the database refused, as the caller's conflict. */
function overlapConflict(err: unknown): unknown {
  const overlap = overlapOf(err);
  if (overlap === 'psychologist') return conflict('SLOT_TAKEN', 'This slot has just been booked by someone else');
  if (overlap === 'patient') return conflict('PATIENT_BUSY', 'You already have an appointment at this time');
  return err;
}

/**
 * Books a slot of the psychologist's weekly schedule within the booking horizon. The database settles races between
 * concurrent bookings of one slot; the lock on the patient's row keeps concurrent bookings from passing the limit.
 */
export async function book(ctx: ViewerContext, body: BookBody): Promise<{ appointment: Appointment; created: boolean }> {
  const { db } = ctx;
  const patientId = ctx.user.id;
  const slot = await requestedSlot(ctx, body);
  try {
    // The answer is read inside the transaction: should the database go away right after the commit, the patient
    // would otherwise be told the booking failed although it holds.
    const booked = await retryingDeadlocks(() =>
      db.transaction(async (tx) => {
        await lockUser(tx, patientId);
        // One booking of a psychologist at a time: racing inserts would otherwise wait on each other's rows in two
        // exclusion indexes (appointments' and busy_times') and deadlock on PostgreSQL; in turn, each later one meets
        // the committed row and is refused at once.
        await lockUser(tx, body.psychologistId);
        // The same patient asking for the slot they already hold (a double click, a second tab) gets it back.
        const held = await repo.findConfirmedAt(tx, { patientId }, { psychologistId: body.psychologistId, ...slot });
        if (held !== undefined) return { row: await reread(tx, held), created: false };
        if ((await repo.countActive(tx, { patientId }, ctx.clock.instant())) >= MAX_UPCOMING_APPOINTMENTS) {
          throw conflict('TOO_MANY_APPOINTMENTS', `You may hold at most ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments`);
        }
        const id = await repo.insertConfirmed(tx, {
          psychologistId: body.psychologistId,
          patientId,
          ...slot,
          videoCallRoomId: randomUUID(),
          scheduledAt: ctx.clock.instant(),
        });
        const row = await reread(tx, id);
        await notifyAppointment(ctx, tx, { kind: 'BOOKED', appointment: factsOf(row) });
        return { row, created: true };
      }),
    );
    if (booked.created) sendSoon(ctx);
    return { appointment: toAppointment(ctx, booked.row), created: booked.created };
  } catch (err) {
    throw overlapConflict(err);
  }
}

const noticeConflict = (hours: number, what: string) =>
  conflict(
    'NOTICE_PASSED',
    `Appointments can be ${what} here until ${hours} hours before they start; please contact your psychologist`,
  );

const startsWithin = (ctx: AppContext, a: { startsAt: Date }, hours: number): boolean =>
  a.startsAt.getTime() - ctx.clock.instant().getTime() < hours * 3_600_000;

/**
 * The patient moves their upcoming appointment to another free slot of the same psychologist, until the cancel
 * notice cutoff, within the booking horizon: the same id and room, the old time freed in the same transaction. Of two
 * patients racing for one slot one wins; the other keeps the old time and gets 409.
 */
export async function reschedule(ctx: ViewerContext, input: { id: number; body: BookBody }): Promise<Appointment> {
  const patientId = ctx.user.id;
  const found = await repo.findAppointment(ctx.db, input.id, { patientId });
  if (!found) throw notFound('Appointment');
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed appointment that has not started can be moved');
  if (found.status !== 'CONFIRMED' || found.startsAt <= ctx.clock.instant()) throw refused;
  if (startsWithin(ctx, found, PATIENT_CANCEL_NOTICE_HOURS)) throw noticeConflict(PATIENT_CANCEL_NOTICE_HOURS, 'moved');
  if (input.body.psychologistId !== found.doctorId) {
    throw badRequest('body.psychologistId', 'A session moves to another time of the same psychologist');
  }
  const slot = await requestedSlot(ctx, input.body);
  try {
    const moved = await retryingDeadlocks(() =>
      ctx.db.transaction(async (tx) => {
        await lockUser(tx, patientId);
        await lockUser(tx, found.doctorId);
        const moving = { id: input.id, patientId, ...slot, scheduledAt: ctx.clock.instant() };
        if (!(await repo.moveConfirmed(tx, moving))) throw refused;
        const row = await reread(tx, input.id);
        const previous = { startsAt: found.startsAt, endsAt: found.endsAt };
        await notifyAppointment(ctx, tx, { kind: 'RESCHEDULED', appointment: factsOf(row), previous });
        return row;
      }),
    );
    sendSoon(ctx);
    return toAppointment(ctx, moved);
  } catch (err) {
    throw overlapConflict(err);
  }
}

/**
 * The one way an appointment is canceled: only a confirmed one that has not ended (`who`: a participant's own, anyone
 * else's is 404, or ALL for an admin), with the reason (null: none given); `noticeHours`, when given, must be left before its
 * start; `audited` puts the cancel on the audit trail in the same transaction. The video room closes.
 */
async function cancel(
  ctx: ViewerContext,
  input: {
    id: number;
    reason: string | null;
    by: 'PATIENT' | 'PSYCHOLOGIST' | 'ADMIN';
    who: Participant | Everyone;
    audited?: boolean;
    noticeHours?: number;
  },
): Promise<Appointment> {
  const { db } = ctx;
  const found = await repo.findAppointment(db, input.id, input.who);
  if (!found) throw notFound('Appointment');
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed appointment that has not ended can be canceled');
  if (!isCancelable(found, ctx.clock.instant())) throw refused;
  if (input.noticeHours !== undefined && startsWithin(ctx, found, input.noticeHours)) {
    throw noticeConflict(input.noticeHours, 'canceled');
  }
  await db.transaction(async (tx) => {
    if (!(await repo.cancelConfirmed(tx, input.id, input.reason, ctx.clock.instant()))) throw refused;
    if (input.audited) {
      const { id, patientId } = found;
      await audit(ctx, tx, [
        { action: 'APPOINTMENT_CANCEL', appointmentId: id, subjectId: patientId, patientId, detail: input.reason ?? undefined },
      ]);
    }
    const news = { kind: 'CANCELED' as const, by: input.by, reason: input.reason };
    await notifyAppointment(ctx, tx, { ...news, appointment: factsOf(await reread(tx, input.id)) });
  });
  ctx.events.emit('appointmentCanceled', found.videoCallRoomId);
  sendSoon(ctx);
  return toAppointment(ctx, await reread(db, input.id));
}

/** The patient cancels their own upcoming appointment, until the notice cutoff before its start. */
export const cancelByPatient = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, {
    id: input.id,
    reason: input.reason || null,
    by: 'PATIENT',
    who: own(ctx, 'patient'),
    noticeHours: PATIENT_CANCEL_NOTICE_HOURS,
  });

export const cancelByPsychologist = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, { ...input, by: 'PSYCHOLOGIST', who: own(ctx, 'psychologist') });

/**
 * The psychologist notes that the patient did not attend a confirmed session that has started (409 NOT_STARTED before
 * its start, CONFLICT once it is no longer confirmed). Its room closes.
 */
export async function markNoShow(ctx: ViewerContext, id: number): Promise<Appointment> {
  const who = own(ctx, 'psychologist');
  const found = await repo.findAppointment(ctx.db, id, who);
  if (!found) throw notFound('Appointment');
  if (found.startsAt > ctx.clock.instant()) {
    throw conflict('NOT_STARTED', 'A session can be marked as not attended once it has started');
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.markNoShow(tx, id, ctx.user.id))) {
      throw conflict('CONFLICT', 'Only a confirmed session can be marked as not attended');
    }
    await notifyAppointment(ctx, tx, { kind: 'NO_SHOW', appointment: factsOf(await reread(tx, id)) });
  });
  ctx.events.emit('appointmentCanceled', found.videoCallRoomId);
  sendSoon(ctx);
  return toAppointment(ctx, (await repo.findAppointment(ctx.db, id, who)) as repo.AppointmentRow);
}

/** An admin cancels any upcoming confirmed appointment, on the record. */
export const cancelByAdmin = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, { ...input, by: 'ADMIN', who: ALL, audited: true });

/** Every appointment and group session (one entry each) for admins, newest first, paged over both. */
export async function listAll(ctx: ViewerContext, query: PageQuery): Promise<Page<AppointmentListItem>> {
  const { entries, total } = await groupRepo.pageEverySession(ctx.db, pageWindow(query));
  const ids = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.id);
  const [rows, groups] = await Promise.all([
    repo.findAppointmentsByIds(ctx.db, ids('INDIVIDUAL'), ALL),
    groupRepo.groupSessionsByIds(ctx.db, ids('GROUP')),
  ]);
  const found = new Map<string, AppointmentListItem>([
    ...rows.map((row): [string, AppointmentListItem] => [`INDIVIDUAL:${row.id}`, toAppointment(ctx, row)]),
    ...groups.map((row): [string, AppointmentListItem] => [`GROUP:${row.id}`, toGroupEntry(ctx, row)]),
  ]);
  const content = entries.flatMap((e) => found.get(`${e.kind}:${e.id}`) ?? []);
  return toPage(content, total, query);
}

/**
 * The patient's feedback on their own appointment once it has taken place; sanitised like notes. With `reviewedAt`,
 * never over feedback saved since it was read (409 STALE).
 */
export async function review(
  ctx: ViewerContext,
  input: { id: number; review: string; reviewedAt?: string | null },
): Promise<PatientAppointment> {
  const html = await cleanReview(ctx, input.review);
  const patientId = ctx.user.id;
  const found = await repo.findAppointment(ctx.db, input.id, { patientId });
  if (!found) throw notFound('Appointment');
  if (found.status !== 'CONFIRMED' || found.endsAt > ctx.clock.instant()) {
    throw conflict('NOT_ENDED', 'Only an appointment that took place and has ended can be reviewed');
  }
  const readAt = input.reviewedAt === undefined || input.reviewedAt === null ? input.reviewedAt : new Date(input.reviewedAt);
  const saved = await repo.setPatientReview(ctx.db, { id: input.id, patientId, review: html, at: ctx.clock.instant(), readAt });
  if (!saved) throw stale('The feedback');
  return toPatientAppointment(ctx, (await repo.findAppointment(ctx.db, input.id, { patientId })) as repo.AppointmentRow);
}

async function cleanReview(ctx: ViewerContext, review: string): Promise<string> {
  if (Buffer.byteLength(review, 'utf8') > REVIEW_MAX_BYTES) {
    throw new AppError(413, 'TOO_LARGE', `A review may hold at most ${REVIEW_MAX_BYTES / 1024} KB`);
  }
  const { html, text } = await sanitizeHtml(review, 'body.review', ctx.user.id);
  if (!hasVisibleText(text)) throw badRequest('body.review', 'Must contain visible text');
  return html;
}

/**
 * The appointment of a video room, for one of its two participants on their side, or the group session, for its
 * psychologist or a member expected there; anyone else gets 404.
 */
export async function infoByRoom(ctx: ViewerContext, input: { roomId: string; side: Side }): Promise<AppointmentInfo> {
  const row = await repo.findAppointmentByRoom(ctx.db, input.roomId, own(ctx, input.side));
  if (row) return toInfo(ctx, row);
  const group = await groupRoomInfo(ctx, input, joinWindow);
  if (!group) throw notFound('Appointment');
  return group;
}

/** Roles that may use video rooms at all. */
const CALLER_ROLES = new Set(['PSYCHOLOGIST', 'PATIENT']);

/**
 * Admitted to a room: how many people it holds, and whether it is a group session's (whose members are shown to each
 * other by first name and last initial only).
 */
/**
 * `hostId`: the session's psychologist, who holds its host controls (none in an ad-hoc room); `waitingRoom`: whether
 * others wait until the host lets them in (always in a group session).
 */
export type RoomAdmission =
  | {
      verdict: 'ADMITTED';
      maxPeople: number;
      group: boolean;
      hostId: number | null;
      waitingRoom: boolean;
      /** When the room closes (null: an ad-hoc room, which has no window). */
      closesAt: Date | null;
    }
  | { verdict: 'FORBIDDEN' | 'ROOM_CLOSED' };

const openNow = (ctx: ViewerContext, s: { status: string; startsAt: Date; endsAt: Date }): boolean => {
  const { opensAt, closesAt } = joinWindow(s);
  const now = ctx.clock.instant();
  return s.status === 'CONFIRMED' && opensAt <= now && now < closesAt;
};

/**
 * Whether the viewer may enter a video room: the room of an appointment admits only its patient and psychologist, a
 * group session's its psychologist and the members expected there (not those who left or excused themselves), each
 * only while it is CONFIRMED and within its join window; any other id is an ad-hoc room for signed-in psychologists
 * and patients.
 */
export async function roomAdmission(ctx: ViewerContext, roomId: string): Promise<RoomAdmission> {
  if (!ctx.user.role || !CALLER_ROLES.has(ctx.user.role)) return { verdict: 'FORBIDDEN' };
  const appointment = await repo.findRoomParticipants(ctx.db, roomId);
  if (appointment) {
    if (appointment.psychologistId !== ctx.user.id && appointment.patientId !== ctx.user.id) return { verdict: 'FORBIDDEN' };
    const hostId = appointment.psychologistId;
    const { closesAt } = joinWindow(appointment);
    return openNow(ctx, appointment)
      ? { verdict: 'ADMITTED', maxPeople: MAX_ROOM_PEERS, group: false, hostId, waitingRoom: false, closesAt }
      : { verdict: 'ROOM_CLOSED' };
  }
  const group = await groupRoom(ctx, roomId);
  if (!group) {
    return { verdict: 'ADMITTED', maxPeople: MAX_ROOM_PEERS, group: false, hostId: null, waitingRoom: false, closesAt: null };
  }
  const side = ctx.user.role === 'PSYCHOLOGIST' ? 'psychologist' : 'patient';
  if (!inGroupRoom(group, ctx.user.id, side)) return { verdict: 'FORBIDDEN' };
  // Through the media server a group holds all its members; peer to peer, as many as the mesh carries.
  const maxPeople = ctx.config.janus ? GROUP_SFU_MAX_PEOPLE : group.maxPeople;
  const hostId = group.psychologistId;
  return openNow(ctx, group)
    ? { verdict: 'ADMITTED', maxPeople, group: true, hostId, waitingRoom: true, closesAt: joinWindow(group).closesAt }
    : { verdict: 'ROOM_CLOSED' };
}

/**
 * The account is being deleted: each of its own confirmed appointments that has not ended is canceled, whatever the
 * notice left, with the usual notices to the other side. Answers how many were canceled.
 */
export async function cancelAllOwn(ctx: ViewerContext, reason: string): Promise<number> {
  const side: Side = ctx.user.role === 'PSYCHOLOGIST' ? 'psychologist' : 'patient';
  const rows = await repo.listAppointments(ctx.db, own(ctx, side), 'active', ctx.clock.instant());
  let canceled = 0;
  for (const row of rows) {
    if (!isCancelable(row, ctx.clock.instant())) continue;
    await cancel(ctx, { id: row.id, reason, by: side === 'patient' ? 'PATIENT' : 'PSYCHOLOGIST', who: own(ctx, side) });
    canceled++;
  }
  return canceled;
}
