import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, sessions, type UserRow, users } from '../db/schema/index.js';

/** Opens a session; the account's expired sessions are swept at the same time, so the table stays small. */
export async function insertSession(db: Db, session: { id: string; userId: number; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values(session);
}

/** The account behind a live session of that account: one query per token check. */
/**
 * The account behind an unexpired session of this id and account, and whether the session has ended; undefined when
 * there is no such session.
 */
export async function findSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<{ user: UserRow; ended: boolean } | undefined> {
  const [row] = await db
    .select({ user: users, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row && { user: row.user, ended: row.revokedAt !== null };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the account, e.g. when it is disabled. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The audit trail is append-only for the application: this insert is the only statement that writes to it. */
export async function insertAuditEvents(db: Db, events: (typeof auditEvents.$inferInsert)[]): Promise<void> {
  if (events.length > 0) await db.insert(auditEvents).values(events);
}
