import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, sessions, type UserRow, users } from '../db/schema/index.js';

/** Opens a session; the account's expired sessions are swept at the same time, so the table stays small. */
export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: number;
    expiresAt: Date;
    userAgent?: string;
    network?: string;
    twoFactor: boolean;
  },
  now: Date,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, session.userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({ ...session, createdAt: now, lastSeenAt: now, verifiedAt: now });
}

/**
 * The account behind an unexpired session of this id and account, and whether the session has ended; undefined when
 * there is no such session.
 */
export async function findSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<{ user: UserRow; ended: boolean; twoFactor: boolean; verifiedAt: Date; lastSeenAt: Date } | undefined> {
  const [row] = await db
    .select({
      user: users,
      revokedAt: sessions.revokedAt,
      twoFactor: sessions.twoFactor,
      createdAt: sessions.createdAt,
      verifiedAt: sessions.verifiedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .limit(1);
  // Sessions opened before devices were recorded count from their opening.
  return (
    row && {
      user: row.user,
      ended: row.revokedAt !== null,
      twoFactor: row.twoFactor,
      verifiedAt: row.verifiedAt ?? row.createdAt,
      lastSeenAt: row.lastSeenAt ?? row.createdAt,
    }
  );
}

export async function markSessionSeen(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** A factor proved again on this session; `twoFactor` upgrades it to a two-factor session, never the reverse. */
export async function markSessionVerified(db: Db, sessionId: string, now: Date, twoFactor: boolean): Promise<void> {
  await db
    .update(sessions)
    .set(twoFactor ? { verifiedAt: now, lastSeenAt: now, twoFactor: true } : { verifiedAt: now, lastSeenAt: now })
    .where(eq(sessions.id, sessionId));
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

/** Deletes the audit events of a deleted account (by them or about them), once the retention is over. */
export async function deleteAuditEventsOf(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(auditEvents)
    .where(or(eq(auditEvents.userId, userId), eq(auditEvents.patientId, userId), eq(auditEvents.subjectId, userId)))
    .returning({ id: auditEvents.id });
  return rows.length;
}

/**
 * Whether the account has signed in from this network before (a session, live or ended, not yet swept): such a client
 * is not locked out by strangers' failures elsewhere.
 */
export async function hasSignedInFrom(db: Db, email: string, network: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email), eq(sessions.network, network)))
    .limit(1);
  return row !== undefined;
}
