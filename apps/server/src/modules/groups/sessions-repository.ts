import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupPrograms, groupSessions } from '../../db/schema/index.js';
import type { SessionRow } from './programs-repository.js';

export type SessionWithProgram = SessionRow & {
  program: { id: number; title: string; status: 'ACTIVE' | 'ENDED'; psychologistId: number };
};

/** The session, if its program passes `allowed` (an access condition on group_programs). */
export async function findSession(db: Db, id: number, allowed: SQL): Promise<SessionWithProgram | undefined> {
  const [row] = await db
    .select({
      session: groupSessions,
      program: {
        id: groupPrograms.id,
        title: groupPrograms.title,
        status: groupPrograms.status,
        psychologistId: groupPrograms.psychologistId,
      },
    })
    .from(groupSessions)
    .innerJoin(groupPrograms, eq(groupPrograms.id, groupSessions.programId))
    .where(and(eq(groupSessions.id, id), allowed));
  return row && { ...row.session, program: row.program };
}

/** Moves a confirmed session that has not started; false when it is no longer that. */
export async function moveSession(db: Db, id: number, span: { startsAt: Date; endsAt: Date }, now: Date): Promise<boolean> {
  const rows = await db
    .update(groupSessions)
    .set({ ...span, scheduledAt: now, sequence: sql`${groupSessions.sequence} + 1` })
    .where(and(eq(groupSessions.id, id), eq(groupSessions.status, 'CONFIRMED'), gt(groupSessions.startsAt, now)))
    .returning({ id: groupSessions.id });
  return rows.length > 0;
}

const cancelValues = (now: Date) => ({
  status: 'CANCELED' as const,
  canceledAt: now,
  sequence: sql`${groupSessions.sequence} + 1`,
});

/** Cancels a confirmed session that has not ended; false when it is no longer that. */
export async function cancelSession(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(groupSessions)
    .set(cancelValues(now))
    .where(and(eq(groupSessions.id, id), eq(groupSessions.status, 'CONFIRMED'), gt(groupSessions.endsAt, now)))
    .returning({ id: groupSessions.id });
  return rows.length > 0;
}

/** Cancels the program's confirmed sessions that start after now; answers their ids. */
export async function cancelFutureSessions(db: Db, programId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(groupSessions)
    .set(cancelValues(now))
    .where(and(eq(groupSessions.programId, programId), eq(groupSessions.status, 'CONFIRMED'), gt(groupSessions.startsAt, now)))
    .returning({ id: groupSessions.id });
  return rows.map((r) => r.id);
}
