import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  type AppointmentInfo,
  type AppointmentTab,
  BOOKING_HORIZON_DAYS,
  type bookAppointmentBodySchema,
  formatTime,
  hasVisibleText,
  MAX_UPCOMING_APPOINTMENTS,
  PATIENT_CANCEL_NOTICE_HOURS,
  type Page,
  type PageQuery,
  type PatientAppointment,
  parseTime,
  REVIEW_MAX_BYTES,
} from '@rozmova/contract';
import type { z } from 'zod';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { isAfterNow, type PlatformNow } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { addDays, dayOfWeekOf } from '../../lib/time.js';
import { overlapOf, retryingDeadlocks } from './overlap-error.js';
import * as repo from './repository.js';

type BookBody = z.output<typeof bookAppointmentBodySchema>;

/** Which side of their appointments the viewer asks about: as the patient or as the psychologist. */
export type Side = 'patient' | 'psychologist';
const own = (ctx: ViewerContext, side: Side): repo.Participant =>
  side === 'patient' ? { patientId: ctx.user.id } : { psychologistId: ctx.user.id };

/** The last date that may be booked or searched: the booking horizon counted from the platform's today. */
export const lastBookableDate = (today: string): string => addDays(today, BOOKING_HORIZON_DAYS);

/** A confirmed appointment may be canceled until it ends, also while it is in progress. */
const isCancelable = (a: { status: string; date: string; endMinute: number }, now: PlatformNow): boolean =>
  a.status === 'CONFIRMED' && isAfterNow(a.date, a.endMinute, now);

export function toAppointment(row: repo.AppointmentRow): Appointment {
  const { startMinute, endMinute, patientReview: _, ...rest } = row;
  return { ...rest, startTime: formatTime(startMinute), endTime: formatTime(endMinute) };
}

/** The patient's own view of an appointment carries their feedback on it. */
const toPatientAppointment = (row: repo.AppointmentRow): PatientAppointment => ({
  ...toAppointment(row),
  patientReview: row.patientReview,
});

const toInfo = (row: repo.AppointmentRow): AppointmentInfo => {
  const { id, status, cancellationReason, videoCallRoomId, ...info } = toAppointment(row);
  return info;
};

export async function listAppointments(ctx: ViewerContext, input: { side: Side; tab: AppointmentTab }): Promise<Appointment[]> {
  const rows = await repo.listAppointments(ctx.db, own(ctx, input.side), input.tab, ctx.clock.nowMinute());
  return rows.map(toAppointment);
}

/** The signed-in patient's appointments in a tab, each with their own feedback on it. */
export async function listPatientAppointments(ctx: ViewerContext, tab: AppointmentTab): Promise<PatientAppointment[]> {
  const rows = await repo.listAppointments(ctx.db, own(ctx, 'patient'), tab, ctx.clock.nowMinute());
  return rows.map(toPatientAppointment);
}

/**
 * Books a slot of the psychologist's weekly schedule within the booking horizon. The database settles races between
 * concurrent bookings of one slot; the lock on the patient's row keeps concurrent bookings from passing the limit.
 */
export async function book(ctx: ViewerContext, body: BookBody): Promise<Appointment> {
  const { db } = ctx;
  const patientId = ctx.user.id;
  const now = ctx.clock.nowMinute();
  if (body.date > lastBookableDate(now.date)) {
    throw badRequest('body.date', `Appointments can be booked at most ${BOOKING_HORIZON_DAYS} days ahead`);
  }
  if ((await repo.psychologistVerified(db, body.psychologistId)) === false) {
    throw conflict(
      'PSYCHOLOGIST_UNVERIFIED',
      'This psychologist cannot be booked until the platform has checked their documents',
    );
  }
  const startMinute = parseTime(body.startTime) as number;
  const endMinute = parseTime(body.endTime) as number;
  const slot = { psychologistId: body.psychologistId, dayOfWeek: dayOfWeekOf(body.date), startMinute, endMinute };
  if (!isAfterNow(body.date, startMinute, now) || !(await repo.scheduleHasSlot(db, slot))) {
    throw conflict('SLOT_UNAVAILABLE', 'This time is not among the free slots of this psychologist');
  }
  let booked: repo.AppointmentRow;
  try {
    // The answer is read inside the transaction: should the database go away right after the commit, the patient
    // would otherwise be told the booking failed although it holds.
    booked = await retryingDeadlocks(() =>
      db.transaction(async (tx) => {
        await repo.lockUser(tx, patientId);
        if ((await repo.countActive(tx, { patientId }, now)) >= MAX_UPCOMING_APPOINTMENTS) {
          throw conflict('TOO_MANY_APPOINTMENTS', `You may hold at most ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments`);
        }
        const { psychologistId, date } = body;
        const id = await repo.insertConfirmed(tx, {
          psychologistId,
          patientId,
          date,
          startMinute,
          endMinute,
          videoCallRoomId: randomUUID(),
        });
        return (await repo.findAppointment(tx, id)) as repo.AppointmentRow;
      }),
    );
  } catch (err) {
    const overlap = overlapOf(err);
    if (overlap === 'psychologist') throw conflict('SLOT_TAKEN', 'This slot has just been booked by someone else');
    if (overlap === 'patient') throw conflict('PATIENT_BUSY', 'You already have an appointment at this time');
    throw err;
  }
  return toAppointment(booked);
}

/**
 * The one way an appointment is canceled: only a confirmed one that has not ended (`who` narrows it to a participant's
 * own; anyone else's is 404), with the reason (null: none given); `noticeHours`, when given, must be left before its
 * start; `audited` puts the cancel on the audit trail in the same transaction. The video room closes.
 */
async function cancel(
  ctx: ViewerContext,
  input: { id: number; reason: string | null; who?: repo.Participant; audited?: boolean; noticeHours?: number },
): Promise<Appointment> {
  const { db } = ctx;
  const found = await repo.findAppointment(db, input.id, input.who);
  if (!found) throw notFound('Appointment');
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed appointment that has not ended can be canceled');
  if (!isCancelable(found, ctx.clock.nowMinute())) throw refused;
  if (input.noticeHours !== undefined) {
    const startsAt = ctx.clock.instantOf(found.date, found.startMinute).getTime();
    if (startsAt - ctx.clock.instant().getTime() < input.noticeHours * 3_600_000) {
      throw conflict(
        'NOTICE_PASSED',
        `Appointments can be canceled here until ${input.noticeHours} hours before they start; please contact your psychologist`,
      );
    }
  }
  await db.transaction(async (tx) => {
    if (!(await repo.cancelConfirmed(tx, input.id, input.reason, ctx.clock.instant()))) throw refused;
    if (input.audited) {
      const { id, patientId } = found;
      await audit(ctx, tx, [
        { action: 'APPOINTMENT_CANCEL', appointmentId: id, subjectId: patientId, patientId, detail: input.reason ?? undefined },
      ]);
    }
  });
  ctx.events.emit('appointmentCanceled', found.videoCallRoomId);
  return toAppointment((await repo.findAppointment(db, input.id)) as repo.AppointmentRow);
}

/** The patient cancels their own upcoming appointment, until the notice cutoff before its start. */
export const cancelByPatient = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, { id: input.id, reason: input.reason || null, who: own(ctx, 'patient'), noticeHours: PATIENT_CANCEL_NOTICE_HOURS });

export const cancelByPsychologist = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, { ...input, who: own(ctx, 'psychologist') });

/**
 * The psychologist notes that the patient did not attend a confirmed session that has started (409 NOT_STARTED before
 * its start, CONFLICT once it is no longer confirmed). Its room closes.
 */
export async function markNoShow(ctx: ViewerContext, id: number): Promise<Appointment> {
  const who = own(ctx, 'psychologist');
  const found = await repo.findAppointment(ctx.db, id, who);
  if (!found) throw notFound('Appointment');
  if (isAfterNow(found.date, found.startMinute, ctx.clock.nowMinute())) {
    throw conflict('NOT_STARTED', 'A session can be marked as not attended once it has started');
  }
  if (!(await repo.markNoShow(ctx.db, id, ctx.user.id))) {
    throw conflict('CONFLICT', 'Only a confirmed session can be marked as not attended');
  }
  ctx.events.emit('appointmentCanceled', found.videoCallRoomId);
  return toAppointment((await repo.findAppointment(ctx.db, id, who)) as repo.AppointmentRow);
}

/** An admin cancels any upcoming confirmed appointment, on the record. */
export const cancelByAdmin = (ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> =>
  cancel(ctx, { ...input, audited: true });

/** Every appointment for admins, newest first, paged. */
export async function listAll(ctx: ViewerContext, query: PageQuery): Promise<Page<Appointment>> {
  const { rows, total } = await repo.listAllAppointments(ctx.db, pageWindow(query));
  return toPage(rows.map(toAppointment), total, query);
}

/** The patient's feedback on their own appointment once it has taken place; sanitised like notes. */
export async function review(ctx: ViewerContext, input: { id: number; review: string }): Promise<PatientAppointment> {
  const html = cleanReview(input.review);
  const patientId = ctx.user.id;
  const found = await repo.findAppointment(ctx.db, input.id, { patientId });
  if (!found) throw notFound('Appointment');
  if (found.status !== 'CONFIRMED' || isAfterNow(found.date, found.endMinute, ctx.clock.nowMinute())) {
    throw conflict('NOT_ENDED', 'Only an appointment that took place and has ended can be reviewed');
  }
  await repo.setPatientReview(ctx.db, { id: input.id, patientId, review: html, at: ctx.clock.instant() });
  return toPatientAppointment((await repo.findAppointment(ctx.db, input.id, { patientId })) as repo.AppointmentRow);
}

function cleanReview(review: string): string {
  if (Buffer.byteLength(review, 'utf8') > REVIEW_MAX_BYTES) {
    throw new AppError(413, 'TOO_LARGE', `A review may hold at most ${REVIEW_MAX_BYTES / 1024} KB`);
  }
  const { html, text } = sanitizeHtml(review);
  if (!hasVisibleText(text)) throw badRequest('body.review', 'Must contain visible text');
  return html;
}

/** The appointment of a video room, for one of its two participants on their side; anyone else gets 404. */
export async function infoByRoom(ctx: ViewerContext, input: { roomId: string; side: Side }): Promise<AppointmentInfo> {
  const row = await repo.findAppointmentByRoom(ctx.db, input.roomId, own(ctx, input.side));
  if (!row) throw notFound('Appointment');
  return toInfo(row);
}

/** Roles that may use video rooms at all. */
const CALLER_ROLES = new Set(['PSYCHOLOGIST', 'PATIENT']);

/**
 * Whether the viewer may enter a video room: the room of an appointment admits only its patient and psychologist,
 * and only while it is CONFIRMED; any other id is an ad-hoc room for signed-in psychologists and patients.
 */
export async function roomAdmission(ctx: ViewerContext, roomId: string): Promise<'ADMITTED' | 'FORBIDDEN' | 'ROOM_CLOSED'> {
  if (!ctx.user.role || !CALLER_ROLES.has(ctx.user.role)) return 'FORBIDDEN';
  const appointment = await repo.findRoomParticipants(ctx.db, roomId);
  if (!appointment) return 'ADMITTED';
  if (appointment.psychologistId !== ctx.user.id && appointment.patientId !== ctx.user.id) return 'FORBIDDEN';
  return appointment.status === 'CONFIRMED' ? 'ADMITTED' : 'ROOM_CLOSED';
}
