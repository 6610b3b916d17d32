import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { busyTimes, groupAttendance, groupSessions } from '../../db/schema/index.js';

// The rows of busy_times that group sessions own. Its exclusion constraints refuse any that overlaps time the same
// person is already taken (SQLSTATE 23P01), however requests race.

type Span = { startsAt: Date; endsAt: Date };

/** The psychologist's time for each of these confirmed sessions. */
export async function takePsychologistTime(db: Db, psychologistId: number, sessions: (Span & { id: number })[]): Promise<void> {
  if (sessions.length === 0) return;
  await db.insert(busyTimes).values(
    sessions.map((s) => ({
      userId: psychologistId,
      side: 'PSYCHOLOGIST',
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      groupSessionId: s.id,
    })),
  );
}

/** The member's time for each confirmed session of the program that starts after `after` and that they have not skipped. */
export async function takeMemberTime(db: Db, programId: number, patientId: number, after: Date): Promise<void> {
  await db.execute(sql`
    insert into ${busyTimes} (user_id, side, starts_at, ends_at, group_session_id)
    select ${patientId}, 'PATIENT', s.starts_at, s.ends_at, s.id from ${groupSessions} s
    where s.program_id = ${programId} and s.status = 'CONFIRMED' and s.starts_at > ${after.toISOString()}
      and not exists (select 1 from ${groupAttendance} a
        where a.session_id = s.id and a.patient_id = ${patientId} and a.status = 'EXCUSED')`);
}

/** Moves everyone's time of a session to its new instants. */
export async function moveSessionTime(db: Db, sessionId: number, span: Span): Promise<void> {
  await db.update(busyTimes).set(span).where(eq(busyTimes.groupSessionId, sessionId));
}

/** Frees the time of these sessions, of everyone or of one person. */
export async function freeSessionTime(db: Db, sessionIds: number[], userId?: number): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .delete(busyTimes)
    .where(and(inArray(busyTimes.groupSessionId, sessionIds), userId === undefined ? undefined : eq(busyTimes.userId, userId)));
}

/** Frees the member's time in the program's sessions that start after `after`. */
export async function freeMemberTime(db: Db, programId: number, patientId: number, after: Date): Promise<void> {
  await db.execute(sql`
    delete from ${busyTimes} b using ${groupSessions} s
    where b.group_session_id = s.id and s.program_id = ${programId} and b.user_id = ${patientId}
      and s.starts_at > ${after.toISOString()}`);
}

/**
 * The earliest time of the person, on that side, that overlaps one of the spans, leaving out the rows of one session
 * (the session being moved); undefined when none does.
 */
export async function findClash(
  db: Db,
  who: { userId: number; side: 'PSYCHOLOGIST' | 'PATIENT'; exceptSessionId?: number },
  spans: Span[],
): Promise<{ startsAt: Date; endsAt: Date; individual: boolean } | undefined> {
  if (spans.length === 0) return undefined;
  const [row] = await db
    .select({ startsAt: busyTimes.startsAt, endsAt: busyTimes.endsAt, appointmentId: busyTimes.appointmentId })
    .from(busyTimes)
    .where(
      and(
        eq(busyTimes.userId, who.userId),
        eq(busyTimes.side, who.side),
        who.exceptSessionId === undefined
          ? undefined
          : or(sql`${busyTimes.groupSessionId} is null`, ne(busyTimes.groupSessionId, who.exceptSessionId)),
        or(...spans.map((s) => and(lt(busyTimes.startsAt, s.endsAt), gt(busyTimes.endsAt, s.startsAt)))),
      ),
    )
    .orderBy(asc(busyTimes.startsAt))
    .limit(1);
  return row && { startsAt: row.startsAt, endsAt: row.endsAt, individual: row.appointmentId !== null };
}
