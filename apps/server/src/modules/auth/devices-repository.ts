import { and, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** The account's live sessions, most recently used first. */
export async function liveSessions(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Whether this live session belongs to the account. */
export async function ownsLiveSession(db: Db, userId: number, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** The ids of the account's live sessions other than this one. */
export async function otherLiveSessionIds(db: Db, userId: number, keep: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return rows.map((r) => r.id);
}

/** Whether the account has signed in from a known device before, and from this browser on this network. */
export async function deviceHistory(db: Db, userId: number, userAgent: string | null, network: string | null) {
  const rows = await db
    .select({ userAgent: sessions.userAgent, network: sessions.network })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.userAgent)));
  return { any: rows.length > 0, same: rows.some((r) => r.userAgent === userAgent && r.network === network) };
}

export async function findSessionDevice(db: Db, sessionId: string) {
  const [row] = await db
    .select({ userAgent: sessions.userAgent, network: sessions.network, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}
