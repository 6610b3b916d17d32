import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupPrograms, groupSessions, psychologistProfiles } from '../../db/schema/index.js';

export type ProgramRow = typeof groupPrograms.$inferSelect;
export type SessionRow = typeof groupSessions.$inferSelect;

/** Whether the psychologist's documents have been checked. */
export async function isVerified(db: Db, psychologistId: number): Promise<boolean> {
  const [row] = await db
    .select({ verified: psychologistProfiles.verified })
    .from(psychologistProfiles)
    .where(eq(psychologistProfiles.userId, psychologistId));
  return row?.verified === true;
}

export async function insertProgram(db: Db, values: typeof groupPrograms.$inferInsert): Promise<number> {
  const [row] = await db.insert(groupPrograms).values(values).returning({ id: groupPrograms.id });
  return row.id;
}

export function insertSessions(db: Db, rows: (typeof groupSessions.$inferInsert)[]): Promise<SessionRow[]> {
  return db.insert(groupSessions).values(rows).returning();
}

/** The program, if it passes `allowed` (an access condition on group_programs). */
export async function findProgram(db: Db, id: number, allowed: SQL): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(groupPrograms)
    .where(and(eq(groupPrograms.id, id), allowed));
  return row;
}

/** The programs passing `allowed`, newest first. */
export function listPrograms(db: Db, allowed: SQL): Promise<ProgramRow[]> {
  return db.select().from(groupPrograms).where(allowed).orderBy(desc(groupPrograms.id));
}

/** Every session of the programs, in order of time. */
export function sessionsOf(db: Db, programIds: number[]): Promise<SessionRow[]> {
  if (programIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(groupSessions)
    .where(inArray(groupSessions.programId, programIds))
    .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
}

/**
 * Changes a program passing `allowed`, only while it is still at `version` (when given) and its members fit the new
 * capacity, in one statement; otherwise answers why not.
 */
export async function updateProgram(
  db: Db,
  input: { id: number; allowed: SQL; title: string; description: string; capacity: number; version?: number },
): Promise<'updated' | 'missing' | 'stale' | 'too-small'> {
  const { id, allowed, version, ...values } = input;
  const rows = await db
    .update(groupPrograms)
    .set({ ...values, version: sql`${groupPrograms.version} + 1` })
    .where(
      and(
        eq(groupPrograms.id, id),
        allowed,
        version === undefined ? undefined : eq(groupPrograms.version, version),
        lte(groupPrograms.memberCount, values.capacity),
      ),
    )
    .returning({ id: groupPrograms.id });
  if (rows.length > 0) return 'updated';
  const found = await findProgram(db, id, allowed);
  if (!found) return 'missing';
  return version !== undefined && found.version !== version ? 'stale' : 'too-small';
}

/** Ends a running program passing `allowed`; false when there is none such. */
export async function endProgram(db: Db, id: number, allowed: SQL, now: Date): Promise<boolean> {
  const rows = await db
    .update(groupPrograms)
    .set({ status: 'ENDED', endedAt: now, version: sql`${groupPrograms.version} + 1` })
    .where(and(eq(groupPrograms.id, id), allowed, eq(groupPrograms.status, 'ACTIVE')))
    .returning({ id: groupPrograms.id });
  return rows.length > 0;
}

/**
 * Takes a seat of a running program in one conditional update: of concurrent joins for the last seat exactly one
 * finds `member_count < capacity` true, the others wait on its row lock and then find it false.
 */
export async function claimSeat(db: Db, programId: number): Promise<boolean> {
  const rows = await db
    .update(groupPrograms)
    .set({ memberCount: sql`${groupPrograms.memberCount} + 1` })
    .where(
      and(
        eq(groupPrograms.id, programId),
        eq(groupPrograms.status, 'ACTIVE'),
        sql`${groupPrograms.memberCount} < ${groupPrograms.capacity}`,
      ),
    )
    .returning({ id: groupPrograms.id });
  return rows.length > 0;
}

export async function freeSeat(db: Db, programId: number): Promise<void> {
  await db
    .update(groupPrograms)
    .set({ memberCount: sql`${groupPrograms.memberCount} - 1` })
    .where(eq(groupPrograms.id, programId));
}
