import type { AppointmentStatus, AppointmentTab } from '@rozmova/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Everyone, manages, mayViewPatient, type Participant, participantIs } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { appointments, psychologistProfiles, type UserRow, users } from '../../db/schema/index.js';

const psychologist = alias(users, 'psychologist');
const patient = alias(users, 'patient');

const appointmentColumns = {
  id: appointments.id,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  cancellationReason: appointments.cancellationReason,
  videoCallRoomId: appointments.videoCallRoomId,
  doctorId: appointments.psychologistId,
  doctorFirstName: psychologist.firstName,
  doctorLastName: psychologist.lastName,
  doctorTimeZone: psychologist.timeZone,
  patientId: appointments.patientId,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
  patientTimeZone: patient.timeZone,
  patientReview: appointments.patientReview,
  patientReviewedAt: appointments.patientReviewedAt,
  sequence: appointments.sequence,
};
export type AppointmentRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  cancellationReason: string | null;
  videoCallRoomId: string;
  doctorId: number;
  doctorFirstName: string;
  doctorLastName: string;
  /** Null: the platform's zone. */
  doctorTimeZone: string | null;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  patientTimeZone: string | null;
  patientReview: string | null;
  patientReviewedAt: Date | null;
  /** Grows with each change of time or state (the calendar invite's SEQUENCE). */
  sequence: number;
};

/** Now as a value, or as the placeholder of a prepared statement. */
type NowTerm = Date | Placeholder;

const endsAfter = (now: NowTerm): SQL => gt(appointments.endsAt, now as Date);

/** Confirmed and ending after now. */
const activeAt = (now: NowTerm): SQL => and(eq(appointments.status, 'CONFIRMED'), endsAfter(now)) as SQL;

function selectAppointments(db: Db, where: SQL | undefined) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(psychologist, eq(psychologist.id, appointments.psychologistId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .where(where);
}

/** One participant's appointments in a tab, as a prepared statement: the most requested list, built once per database. */
function prepareList(db: Db, side: 'patient' | 'psychologist', tab: AppointmentTab) {
  const now = sql.placeholder('now');
  const inTab = tab === 'active' ? activeAt(now) : not(activeAt(now));
  const participant = side === 'patient' ? appointments.patientId : appointments.psychologistId;
  // The active tab lists the soonest first; the archive the most recent first.
  const order = tab === 'active' ? asc : desc;
  return selectAppointments(db, and(eq(participant, sql.placeholder('who')), inTab))
    .orderBy(order(appointments.startsAt), order(appointments.id))
    .prepare(`appointments_${side}_${tab}`);
}
const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

export function listAppointments(db: Db, who: Participant, tab: AppointmentTab, now: Date): Promise<AppointmentRow[]> {
  const side = 'patientId' in who ? 'patient' : 'psychologist';
  const byKey = preparedLists.get(db) ?? new Map<string, ReturnType<typeof prepareList>>();
  preparedLists.set(db, byKey);
  let list = byKey.get(`${side}/${tab}`);
  if (!list) {
    list = prepareList(db, side, tab);
    byKey.set(`${side}/${tab}`, list);
  }
  const id = 'patientId' in who ? who.patientId : who.psychologistId;
  return list.execute({ who: id, now });
}

/** Appointments of the patients the manager follows now (of one of them when given), soonest first. */
export function listManagedAppointments(db: Db, managerId: number, patientId?: number): Promise<AppointmentRow[]> {
  return selectAppointments(
    db,
    and(manages(managerId, appointments.patientId), patientId === undefined ? undefined : eq(appointments.patientId, patientId)),
  ).orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** The patient's appointments that have ended by now, in any state, most recent first, if the viewer may see the patient. */
export function listEndedOfPatient(db: Db, viewer: UserRow, patientId: number, now: Date): Promise<AppointmentRow[]> {
  const where = and(
    eq(appointments.patientId, patientId),
    mayViewPatient(viewer, appointments.patientId),
    lte(appointments.endsAt, now),
  );
  return selectAppointments(db, where).orderBy(desc(appointments.startsAt), desc(appointments.id));
}

/** Appointments by id (admins say ALL), in no particular order. */
export function findAppointmentsByIds(db: Db, ids: number[], who: Everyone): Promise<AppointmentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectAppointments(db, and(inArray(appointments.id, ids), participantIs(who)));
}

/**
 * Saves the patient's feedback on one of their appointments; with `readAt` (the save time read, null for none), only
 * while it is still the stored one (compare-and-set in the statement). False when nothing was saved.
 */
export async function setPatientReview(
  db: Db,
  a: { id: number; patientId: number; review: string; at: Date; readAt?: Date | null },
): Promise<boolean> {
  const unchanged =
    a.readAt === undefined
      ? undefined
      : a.readAt === null
        ? isNull(appointments.patientReviewedAt)
        : eq(appointments.patientReviewedAt, a.readAt);
  const rows = await db
    .update(appointments)
    // Later than the save before even within one millisecond (or a clock set back), so the time names one save.
    .set({
      patientReview: a.review,
      patientReviewedAt: sql`greatest(${a.at.toISOString()}::timestamptz, ${appointments.patientReviewedAt} + interval '1 millisecond')`,
    })
    .where(and(eq(appointments.id, a.id), eq(appointments.patientId, a.patientId), unchanged))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** The appointment, if it is one of the participant's (any for ALL). */
export async function findAppointment(db: Db, id: number, who: Participant | Everyone): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointments(db, and(eq(appointments.id, id), participantIs(who))).limit(1);
  return row;
}

export async function findAppointmentByRoom(db: Db, roomId: string, who: Participant): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointments(db, and(eq(appointments.videoCallRoomId, roomId), participantIs(who))).limit(1);
  return row;
}

/** How many confirmed appointments of the participant have not ended yet. */
export async function countActive(db: Db, who: Participant, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(participantIs(who), activeAt(now)));
  return row.n;
}

/** Whether an enabled, onboarded psychologist has been verified; undefined when there is no such psychologist. */
export async function psychologistVerified(db: Db, psychologistId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ verified: psychologistProfiles.verified })
    .from(users)
    .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(
      and(
        eq(users.id, psychologistId),
        eq(users.role, 'PSYCHOLOGIST'),
        eq(users.enabled, true),
        eq(users.profileCompleted, true),
      ),
    )
    .limit(1);
  return row?.verified;
}

/** The participant's confirmed appointment with this psychologist at exactly this time, if they hold one. */
export async function findConfirmedAt(
  db: Db,
  who: Participant,
  slot: { psychologistId: number; startsAt: Date; endsAt: Date },
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        participantIs(who),
        eq(appointments.psychologistId, slot.psychologistId),
        eq(appointments.startsAt, slot.startsAt),
        eq(appointments.endsAt, slot.endsAt),
        eq(appointments.status, 'CONFIRMED'),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Inserts a confirmed appointment; the exclusion constraints refuse overlaps (SQLSTATE 23P01). */
export async function insertConfirmed(
  db: Db,
  values: {
    psychologistId: number;
    patientId: number;
    startsAt: Date;
    endsAt: Date;
    videoCallRoomId: string;
    /** Now, on the app's clock: reminders whose moment has passed by then are not sent. */
    scheduledAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, status: 'CONFIRMED' })
    .returning({ id: appointments.id });
  return row.id;
}

/** The two participants, the status and the time of the appointment whose video room this is, whoever asks. */
export async function findRoomParticipants(
  db: Db,
  roomId: string,
): Promise<{ psychologistId: number; patientId: number; status: AppointmentStatus; startsAt: Date; endsAt: Date } | undefined> {
  const [row] = await db
    .select({
      psychologistId: appointments.psychologistId,
      patientId: appointments.patientId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(eq(appointments.videoCallRoomId, roomId))
    .limit(1);
  return row;
}

/** Notes that the patient did not attend a confirmed appointment of this psychologist; false if it is not that. */
export async function markNoShow(db: Db, id: number, psychologistId: number): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ status: 'NO_SHOW', sequence: sql`${appointments.sequence} + 1` })
    .where(and(eq(appointments.id, id), eq(appointments.psychologistId, psychologistId), eq(appointments.status, 'CONFIRMED')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** Cancels only if still confirmed, so two cancels cannot both succeed; true when it changed the row. */
export async function cancelConfirmed(db: Db, id: number, reason: string | null, canceledAt: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ status: 'CANCELED', cancellationReason: reason, canceledAt, sequence: sql`${appointments.sequence} + 1` })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'CONFIRMED')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/**
 * Moves a confirmed appointment of the patient to another time, keeping its id and room; false when it is no longer
 * theirs and confirmed. The exclusion constraints refuse an overlap (SQLSTATE 23P01) and the old time stays.
 */
export async function moveConfirmed(
  db: Db,
  a: { id: number; patientId: number; startsAt: Date; endsAt: Date; scheduledAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ startsAt: a.startsAt, endsAt: a.endsAt, scheduledAt: a.scheduledAt, sequence: sql`${appointments.sequence} + 1` })
    .where(and(eq(appointments.id, a.id), eq(appointments.patientId, a.patientId), eq(appointments.status, 'CONFIRMED')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}
