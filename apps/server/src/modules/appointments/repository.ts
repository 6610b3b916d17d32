import type { AppointmentTab, DayOfWeek } from '@rozmova/contract';
import { and, asc, count, desc, eq, gt, not, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { appointments, scheduleSlots, users } from '../../db/schema/index.js';
import type { PlatformNow } from '../../lib/clock.js';

const doctor = alias(users, 'doctor');
const patient = alias(users, 'patient');

const appointmentColumns = {
  id: appointments.id,
  date: appointments.date,
  startMinute: appointments.startMinute,
  endMinute: appointments.endMinute,
  status: appointments.status,
  cancellationReason: appointments.cancellationReason,
  videoCallRoomId: appointments.videoCallRoomId,
  doctorId: appointments.psychologistId,
  doctorFirstName: doctor.firstName,
  doctorLastName: doctor.lastName,
  patientId: appointments.patientId,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
};
export type AppointmentRow = {
  id: number;
  date: string;
  startMinute: number;
  endMinute: number;
  status: 'CONFIRMED' | 'CANCELED';
  cancellationReason: string | null;
  videoCallRoomId: string;
  doctorId: number;
  doctorFirstName: string;
  doctorLastName: string;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
};

/** Whose appointments: one participant's side. */
export type Participant = { psychologistId: number } | { patientId: number };
const participantIs = (p: Participant): SQL =>
  'psychologistId' in p ? eq(appointments.psychologistId, p.psychologistId) : eq(appointments.patientId, p.patientId);

/** Confirmed and ending after now, in platform wall-clock time. */
function activeAt(now: PlatformNow): SQL {
  const endsLater = or(
    gt(appointments.date, now.date),
    and(eq(appointments.date, now.date), gt(appointments.endMinute, now.minute)),
  );
  return and(eq(appointments.status, 'CONFIRMED'), endsLater) as SQL;
}

function selectAppointments(db: Db, where: SQL | undefined) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(doctor, eq(doctor.id, appointments.psychologistId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .where(where);
}

export function listAppointments(db: Db, who: Participant, tab: AppointmentTab, now: PlatformNow): Promise<AppointmentRow[]> {
  const inTab = tab === 'active' ? activeAt(now) : not(activeAt(now));
  // The active tab lists the soonest first; the archive the most recent first.
  const order = tab === 'active' ? asc : desc;
  return selectAppointments(db, and(participantIs(who), inTab)).orderBy(
    order(appointments.date),
    order(appointments.startMinute),
    order(appointments.id),
  );
}

export async function findAppointment(db: Db, id: number, who?: Participant): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointments(db, and(eq(appointments.id, id), who && participantIs(who))).limit(1);
  return row;
}

export async function findAppointmentByRoom(db: Db, roomId: string, who: Participant): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointments(db, and(eq(appointments.videoCallRoomId, roomId), participantIs(who))).limit(1);
  return row;
}

/** How many confirmed appointments of the participant have not ended yet. */
export async function countActive(db: Db, who: Participant, now: PlatformNow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(participantIs(who), activeAt(now)));
  return row.n;
}

/**
 * Locks the user's row until the transaction ends, so two bookings of one patient count and insert one after the
 * other. NO KEY UPDATE serialises these lockers without blocking inserts elsewhere that merely reference the user.
 */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** True when the psychologist is bookable and their weekly schedule holds exactly this slot on that weekday. */
export async function scheduleHasSlot(
  db: Db,
  slot: { psychologistId: number; dayOfWeek: DayOfWeek; startMinute: number; endMinute: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: scheduleSlots.id })
    .from(scheduleSlots)
    .innerJoin(users, eq(users.id, scheduleSlots.psychologistId))
    .where(
      and(
        eq(scheduleSlots.psychologistId, slot.psychologistId),
        eq(scheduleSlots.dayOfWeek, slot.dayOfWeek),
        eq(scheduleSlots.startMinute, slot.startMinute),
        eq(scheduleSlots.endMinute, slot.endMinute),
        eq(users.role, 'PSYCHOLOGIST'),
        eq(users.enabled, true),
        eq(users.profileCompleted, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a confirmed appointment; the exclusion constraints refuse overlaps (SQLSTATE 23P01). */
export async function insertConfirmed(
  db: Db,
  values: {
    psychologistId: number;
    patientId: number;
    date: string;
    startMinute: number;
    endMinute: number;
    videoCallRoomId: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, status: 'CONFIRMED' })
    .returning({ id: appointments.id });
  return row.id;
}

/** Cancels only if still confirmed, so two cancels cannot both succeed; true when it changed the row. */
export async function cancelConfirmed(db: Db, id: number, reason: string, canceledAt: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ status: 'CANCELED', cancellationReason: reason, canceledAt })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'CONFIRMED')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}
