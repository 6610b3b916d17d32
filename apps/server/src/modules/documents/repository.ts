import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { mayReadDocumentsOf } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { psychologistProfiles, type UserRow, users, verificationDocuments } from '../../db/schema/index.js';

const { content: _content, keyVersion: _keyVersion, ...listed } = getTableColumns(verificationDocuments);
export type DocumentRow = typeof verificationDocuments.$inferSelect;
const base64Content = sql<string>`encode(${verificationDocuments.content}, 'base64')`;
export type ListedDocument = Omit<DocumentRow, 'content' | 'keyVersion'>;

/**
 * A psychologist's verification fields, or undefined when the account is not a psychologist whose documents the viewer
 * may see (access/relations.ts decides), so someone else's is simply not found. Locks the account's row when asked,
 * so uploads of one psychologist count their documents one after another.
 */
export async function findPsychologistVerification(db: Db, viewer: UserRow, userId: number, lock = false) {
  const query = db
    .select({
      id: users.id,
      verified: sql<boolean>`coalesce(${psychologistProfiles.verified}, false)`,
      rejectionReason: psychologistProfiles.rejectionReason,
      verificationDecidedAt: psychologistProfiles.verificationDecidedAt,
    })
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'PSYCHOLOGIST'), mayReadDocumentsOf(viewer, users.id)))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  return row;
}

/** The psychologist's documents, if the viewer may see them (access/relations.ts), in the order sent. */
export async function listDocuments(db: Db, viewer: UserRow, psychologistId: number): Promise<ListedDocument[]> {
  return db
    .select(listed)
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.psychologistId, psychologistId),
        mayReadDocumentsOf(viewer, verificationDocuments.psychologistId),
      ),
    )
    .orderBy(asc(verificationDocuments.id));
}

export async function countDocuments(db: Db, psychologistId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.psychologistId, psychologistId));
  return row.n;
}

/** The id the next document will have, so its content can be sealed to it before the insert. */
export async function nextDocumentId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('verification_documents', 'id'))::int as id`);
  return Number((result as unknown as { rows: { id: unknown }[] }).rows[0].id);
}

/*
 * Contents travel as base64 text, decoded and encoded by the database: the embedded database turns a bytea parameter
 * or column into hex byte by byte in JavaScript, which holds the event loop for seconds at 10 MB (base64 takes tenths).
 */
export async function insertDocument(db: Db, values: typeof verificationDocuments.$inferInsert): Promise<ListedDocument> {
  const content = sql`decode(${Buffer.from(values.content).toString('base64')}, 'base64')`;
  const [row] = await db
    .insert(verificationDocuments)
    .values({ ...values, content })
    .returning(listed);
  return row;
}

/** New documents after a rejection put the verification back to awaiting a check. */
export async function clearRejection(db: Db, psychologistId: number): Promise<void> {
  await db
    .update(psychologistProfiles)
    .set({ rejectionReason: null })
    .where(and(eq(psychologistProfiles.userId, psychologistId), sql`${psychologistProfiles.rejectionReason} is not null`));
}

/** A document with its sealed content, if the viewer may see it; undefined alike when missing or not theirs. */
export async function findReadableDocument(db: Db, viewer: UserRow, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select({ document: { ...listed, keyVersion: verificationDocuments.keyVersion }, content: base64Content })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), mayReadDocumentsOf(viewer, verificationDocuments.psychologistId)))
    .limit(1);
  return row && { ...row.document, content: Buffer.from(row.content, 'base64') };
}

/** Deletes one of the psychologist's own documents; false when there is no such document of theirs. */
export async function deleteOwnDocument(db: Db, psychologistId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.psychologistId, psychologistId)))
    .returning({ id: verificationDocuments.id });
  return rows.length > 0;
}

/** Deletes every document of a psychologist whose account is being deleted. */
export async function deleteAllDocuments(db: Db, psychologistId: number): Promise<void> {
  await db.delete(verificationDocuments).where(eq(verificationDocuments.psychologistId, psychologistId));
}

/** A stored file written anew (a PDF stored before uploads were): its sealed bytes, size and key version replaced. */
export async function replaceContent(
  db: Db,
  id: number,
  file: { content: Uint8Array; keyVersion: number; size: number },
): Promise<void> {
  await db
    .update(verificationDocuments)
    .set({ content: file.content, keyVersion: file.keyVersion, size: file.size, rewritten: true })
    .where(eq(verificationDocuments.id, id));
}
