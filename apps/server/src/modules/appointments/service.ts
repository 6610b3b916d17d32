import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  type AppointmentInfo,
  type AppointmentTab,
  type bookAppointmentBodySchema,
  formatTime,
  parseTime,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PlatformClock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { dayOfWeekOf } from '../../lib/time.js';
import { overlapOf } from './overlap-error.js';
import { isAfterNow, isCancelable } from './policy.js';
import * as repo from './repository.js';

type BookBody = z.output<typeof bookAppointmentBodySchema>;

export function toAppointment(row: repo.AppointmentRow): Appointment {
  const { startMinute, endMinute, ...rest } = row;
  return { ...rest, startTime: formatTime(startMinute), endTime: formatTime(endMinute) };
}

const toInfo = (row: repo.AppointmentRow): AppointmentInfo => {
  const { id, status, cancellationReason, videoCallRoomId, ...info } = toAppointment(row);
  return info;
};

export async function listAppointments(db: Db, clock: PlatformClock, who: repo.Participant, tab: AppointmentTab) {
  const rows = await repo.listAppointments(db, who, tab, clock.nowMinute());
  return rows.map(toAppointment);
}

/** Books a slot of the psychologist's weekly schedule; the database settles races between concurrent bookings. */
export async function book(db: Db, clock: PlatformClock, patientId: number, body: BookBody): Promise<Appointment> {
  const startMinute = parseTime(body.startTime) as number;
  const endMinute = parseTime(body.endTime) as number;
  const slot = { psychologistId: body.psychologistId, dayOfWeek: dayOfWeekOf(body.date), startMinute, endMinute };
  if (!isAfterNow(body.date, startMinute, clock.nowMinute()) || !(await repo.scheduleHasSlot(db, slot))) {
    throw conflict('SLOT_UNAVAILABLE', 'This time is not among the free slots of this psychologist');
  }
  let id: number;
  try {
    id = await repo.insertConfirmed(db, {
      psychologistId: body.psychologistId,
      patientId,
      date: body.date,
      startMinute,
      endMinute,
      videoCallRoomId: randomUUID(),
    });
  } catch (err) {
    const overlap = overlapOf(err);
    if (overlap === 'psychologist') throw conflict('SLOT_TAKEN', 'This slot has just been booked by someone else');
    if (overlap === 'patient') throw conflict('PATIENT_BUSY', 'You already have an appointment at this time');
    throw err;
  }
  return toAppointment((await repo.findAppointment(db, id)) as repo.AppointmentRow);
}

export async function cancelByPsychologist(
  db: Db,
  clock: PlatformClock,
  psychologistId: number,
  id: number,
  reason: string,
): Promise<Appointment> {
  const found = await repo.findAppointment(db, id, { psychologistId });
  if (!found) throw notFound('Appointment');
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed appointment that has not ended can be canceled');
  if (!isCancelable(found, clock.nowMinute())) throw refused;
  if (!(await repo.cancelConfirmed(db, id, reason))) throw refused;
  return toAppointment((await repo.findAppointment(db, id)) as repo.AppointmentRow);
}

export async function infoByRoom(db: Db, roomId: string, who: repo.Participant): Promise<AppointmentInfo> {
  const row = await repo.findAppointmentByRoom(db, roomId, who);
  if (!row) throw notFound('Appointment');
  return toInfo(row);
}
