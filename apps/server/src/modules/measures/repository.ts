import type { Instrument } from '@rozmova/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { mayReadMeasuresOf, treats } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { appointments, measures, type UserRow, users } from '../../db/schema/index.js';

export type MeasureRow = {
  id: number;
  patientId: number;
  instrument: Instrument;
  content: Uint8Array;
  keyVersion: number;
  createdAt: Date;
};

/** Takes the next measure id ahead of the insert, so the ciphertext can be bound to it. */
export async function nextMeasureId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('measures', 'id'))::int as id`);
  return Number((result as unknown as { rows: { id: unknown }[] }).rows[0].id);
}

export async function insertMeasure(db: Db, row: MeasureRow): Promise<void> {
  await db.insert(measures).values(row);
}

/** The patient's measures the viewer may read (access/relations.ts), oldest first; none when out of their reach. */
export function listReadable(db: Db, viewer: UserRow, patientId: number): Promise<MeasureRow[]> {
  return db
    .select({
      id: measures.id,
      patientId: measures.patientId,
      instrument: measures.instrument,
      content: measures.content,
      keyVersion: measures.keyVersion,
      createdAt: measures.createdAt,
    })
    .from(measures)
    .where(and(eq(measures.patientId, patientId), mayReadMeasuresOf(viewer, measures.patientId)))
    .orderBy(asc(measures.createdAt), asc(measures.id));
}

/** Whether the id names a patient whose measures the viewer may read. */
export async function isReachablePatient(db: Db, viewer: UserRow, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'PATIENT'), mayReadMeasuresOf(viewer, users.id)));
  return row !== undefined;
}

/** The patient's next confirmed session that has not started, if any. */
export async function nextSession(db: Db, patient: UserRow, now: Date): Promise<{ id: number; startsAt: Date } | undefined> {
  const [row] = await db
    .select({ id: appointments.id, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.patientId, patient.id), eq(appointments.status, 'CONFIRMED'), gt(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return row;
}

/** The enabled psychologists who treat the patient: whom a risk alert goes to. */
export async function treatingPsychologists(db: Db, patient: UserRow): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'PSYCHOLOGIST'), eq(users.enabled, true), treats(users.id, patient.id)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** Deletes a deleted patient's questionnaires once the retention is over. */
export async function deleteAllOf(db: Db, patientId: number): Promise<void> {
  await db.delete(measures).where(eq(measures.patientId, patientId));
}
