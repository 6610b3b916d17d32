import type { PrivacyLevel } from '@rozmova/contract';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mayReadRecord, treats, writtenBy } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { records, type UserRow, users } from '../../db/schema/index.js';

const patient = alias(users, 'patient');
const author = alias(users, 'author');

export type RecordRow = {
  id: number;
  authorId: number;
  patientId: number | null;
  privacyLevel: PrivacyLevel;
  content: Uint8Array;
  keyVersion: number;
  createdAt: Date;
  version: number;
  patientFirstName: string | null;
  patientLastName: string | null;
  authorFirstName: string;
  authorLastName: string;
  reportFrom: string | null;
  reportTo: string | null;
};

/** The records the viewer may read (access/relations.ts), narrowed by id, author, patient or to reports; newest first. */
export type RecordFilter = { id?: number; authorId?: number; patientId?: number; reportsOnly?: boolean };

const readableWhere = (viewer: UserRow, only: RecordFilter) =>
  and(
    mayReadRecord(viewer),
    only.id === undefined ? undefined : eq(records.id, only.id),
    only.authorId === undefined ? undefined : eq(records.authorId, only.authorId),
    only.patientId === undefined ? undefined : eq(records.patientId, only.patientId),
    only.reportsOnly ? isNotNull(records.reportFrom) : undefined,
  );

export function listReadable(
  db: Db,
  viewer: UserRow,
  only: RecordFilter,
  window: { limit?: number; offset?: number } = {},
): Promise<RecordRow[]> {
  const query = db
    .select({
      id: records.id,
      authorId: records.authorId,
      patientId: records.patientId,
      privacyLevel: records.privacyLevel,
      content: records.content,
      keyVersion: records.keyVersion,
      createdAt: records.createdAt,
      version: records.version,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      reportFrom: records.reportFrom,
      reportTo: records.reportTo,
    })
    .from(records)
    .leftJoin(patient, eq(patient.id, records.patientId))
    .innerJoin(author, eq(author.id, records.authorId))
    .where(readableWhere(viewer, only))
    .orderBy(desc(records.createdAt), desc(records.id))
    .$dynamic();
  if (window.limit !== undefined) query.limit(window.limit);
  if (window.offset !== undefined) query.offset(window.offset);
  return query;
}

/** How many records `listReadable` would answer without a window. */
export async function countReadable(db: Db, viewer: UserRow, only: RecordFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(records).where(readableWhere(viewer, only));
  return row.n;
}

/** Takes the next record id ahead of the insert, so the ciphertext can be bound to it. */
export async function nextRecordId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('records', 'id'))::int as id`);
  return Number((result as unknown as { rows: { id: unknown }[] }).rows[0].id);
}

export type RecordValues = {
  patientId: number | null;
  privacyLevel: PrivacyLevel;
  content: Uint8Array;
  keyVersion: number;
};

export async function insertRecord(
  db: Db,
  values: RecordValues & {
    id: number;
    authorId: number;
    createdAt: Date;
    updatedAt: Date;
    reportFrom?: string | null;
    reportTo?: string | null;
  },
): Promise<void> {
  await db.insert(records).values(values);
}

/**
 * Changes a record of its author, only while it is still at `version` when one is given (compare-and-set in the
 * statement itself, so of concurrent edits of one version only the first applies). 'missing' when there is none of
 * theirs with this id, 'stale' when it has moved past `version`.
 */
export async function updateRecord(
  db: Db,
  author: UserRow,
  id: number,
  values: RecordValues & { updatedAt: Date },
  version: number | undefined,
): Promise<'updated' | 'missing' | 'stale'> {
  const theirs = and(eq(records.id, id), writtenBy(author));
  const rows = await db
    .update(records)
    .set({ ...values, version: sql`${records.version} + 1` })
    .where(and(theirs, version === undefined ? undefined : eq(records.version, version)))
    .returning({ id: records.id });
  if (rows.length > 0) return 'updated';
  const [found] = await db.select({ id: records.id }).from(records).where(theirs);
  return found ? 'stale' : 'missing';
}

/** Deletes a record of its author and answers whom it was about; undefined when there is none of theirs. */
export async function deleteRecord(db: Db, author: UserRow, id: number): Promise<{ patientId: number | null } | undefined> {
  const [row] = await db
    .delete(records)
    .where(and(eq(records.id, id), writtenBy(author)))
    .returning({ patientId: records.patientId });
  return row;
}

/** The patients the psychologist treats (or only the one asked for), by last then first name. */
export function treatedPatients(db: Db, psychologistId: number, patientId?: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.role, 'PATIENT'),
        patientId === undefined ? undefined : eq(users.id, patientId),
        treats(psychologistId, users.id),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Deletes every note about a patient or written by a psychologist, once the retention after their deletion is over. */
export async function deleteAllOf(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(records)
    .where(sql`${records.patientId} = ${userId} OR ${records.authorId} = ${userId}`)
    .returning({ id: records.id });
  return rows.length;
}
