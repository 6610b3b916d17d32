import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  type AppointmentInfo,
  type AppointmentTab,
  BOOKING_HORIZON_DAYS,
  type bookAppointmentBodySchema,
  formatTime,
  MAX_UPCOMING_APPOINTMENTS,
  parseTime,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { isAfterNow, type PlatformNow } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { addDays, dayOfWeekOf } from '../../lib/time.js';
import { overlapOf } from './overlap-error.js';
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

function toAppointment(row: repo.AppointmentRow): Appointment {
  const { startMinute, endMinute, ...rest } = row;
  return { ...rest, startTime: formatTime(startMinute), endTime: formatTime(endMinute) };
}

const toInfo = (row: repo.AppointmentRow): AppointmentInfo => {
  const { id, status, cancellationReason, videoCallRoomId, ...info } = toAppointment(row);
  return info;
};

export async function listAppointments(ctx: ViewerContext, input: { side: Side; tab: AppointmentTab }) {
  const rows = await repo.listAppointments(ctx.db, own(ctx, input.side), input.tab, ctx.clock.nowMinute());
  return rows.map(toAppointment);
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
  const startMinute = parseTime(body.startTime) as number;
  const endMinute = parseTime(body.endTime) as number;
  const slot = { psychologistId: body.psychologistId, dayOfWeek: dayOfWeekOf(body.date), startMinute, endMinute };
  if (!isAfterNow(body.date, startMinute, now) || !(await repo.scheduleHasSlot(db, slot))) {
    throw conflict('SLOT_UNAVAILABLE', 'This time is not among the free slots of this psychologist');
  }
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await repo.lockUser(tx, patientId);
      if ((await repo.countActive(tx, { patientId }, now)) >= MAX_UPCOMING_APPOINTMENTS) {
        throw conflict('TOO_MANY_APPOINTMENTS', `You may hold at most ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments`);
      }
      const { psychologistId, date } = body;
      return repo.insertConfirmed(tx, { psychologistId, patientId, date, startMinute, endMinute, videoCallRoomId: randomUUID() });
    });
  } catch (err) {
    const overlap = overlapOf(err);
    if (overlap === 'psychologist') throw conflict('SLOT_TAKEN', 'This slot has just been booked by someone else');
    if (overlap === 'patient') throw conflict('PATIENT_BUSY', 'You already have an appointment at this time');
    throw err;
  }
  return toAppointment((await repo.findAppointment(db, id)) as repo.AppointmentRow);
}

export async function cancelByPsychologist(ctx: ViewerContext, input: { id: number; reason: string }): Promise<Appointment> {
  const { db } = ctx;
  const found = await repo.findAppointment(db, input.id, own(ctx, 'psychologist'));
  if (!found) throw notFound('Appointment');
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed appointment that has not ended can be canceled');
  if (!isCancelable(found, ctx.clock.nowMinute())) throw refused;
  if (!(await repo.cancelConfirmed(db, input.id, input.reason, ctx.clock.instant()))) throw refused;
  return toAppointment((await repo.findAppointment(db, input.id)) as repo.AppointmentRow);
}

/** The appointment of a video room, for one of its two participants on their side; anyone else gets 404. */
export async function infoByRoom(ctx: ViewerContext, input: { roomId: string; side: Side }): Promise<AppointmentInfo> {
  const row = await repo.findAppointmentByRoom(ctx.db, input.roomId, own(ctx, input.side));
  if (!row) throw notFound('Appointment');
  return toInfo(row);
}
