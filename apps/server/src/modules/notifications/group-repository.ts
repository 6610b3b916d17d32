import type { NotificationKind } from '@rozmova/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupAttendance, groupMembers, groupPrograms, groupSessions, notifications } from '../../db/schema/index.js';

/** A group session as its notifications and invites need it. */
export type GroupSessionFacts = {
  id: number;
  programId: number;
  title: string;
  psychologistId: number;
  status: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  videoCallRoomId: string;
};

const sessionColumns = {
  id: groupSessions.id,
  programId: groupSessions.programId,
  title: groupPrograms.title,
  psychologistId: groupSessions.psychologistId,
  status: groupSessions.status,
  sequence: groupSessions.sequence,
  startsAt: groupSessions.startsAt,
  endsAt: groupSessions.endsAt,
  videoCallRoomId: groupSessions.videoCallRoomId,
};

const selectSessions = (db: Db) =>
  db.select(sessionColumns).from(groupSessions).innerJoin(groupPrograms, eq(groupPrograms.id, groupSessions.programId));

export async function sessionFacts(db: Db, sessionId: number): Promise<GroupSessionFacts | undefined> {
  const [row] = await selectSessions(db).where(eq(groupSessions.id, sessionId));
  return row;
}

export async function programFacts(db: Db, programId: number) {
  const [row] = await db
    .select({
      id: groupPrograms.id,
      title: groupPrograms.title,
      psychologistId: groupPrograms.psychologistId,
    })
    .from(groupPrograms)
    .where(eq(groupPrograms.id, programId));
  return row;
}

export async function membership(db: Db, programId: number, patientId: number) {
  const [row] = await db
    .select({ joinedAt: groupMembers.joinedAt, leftAt: groupMembers.leftAt })
    .from(groupMembers)
    .where(and(eq(groupMembers.programId, programId), eq(groupMembers.patientId, patientId)));
  return row;
}

/** The program's members now (an ended program keeps its last members). */
export function membersOf(db: Db, programId: number): Promise<{ patientId: number; joinedAt: Date }[]> {
  return db
    .select({ patientId: groupMembers.patientId, joinedAt: groupMembers.joinedAt })
    .from(groupMembers)
    .where(and(eq(groupMembers.programId, programId), isNull(groupMembers.leftAt)));
}

/** The program's sessions that start after `after`, soonest first; only the confirmed ones unless `anyStatus`. */
export function sessionsAfter(db: Db, programId: number, after: Date, anyStatus = false): Promise<GroupSessionFacts[]> {
  return selectSessions(db)
    .where(
      and(
        eq(groupSessions.programId, programId),
        gt(groupSessions.startsAt, after),
        anyStatus ? undefined : eq(groupSessions.status, 'CONFIRMED'),
      ),
    )
    .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
}

/**
 * Who is expected at a session: its members now who had joined before it starts and did not excuse themselves from
 * it.
 */
export async function expectedMembers(db: Db, session: { id: number; programId: number; startsAt: Date }): Promise<number[]> {
  const rows = await db
    .select({ patientId: groupMembers.patientId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.programId, session.programId),
        isNull(groupMembers.leftAt),
        lte(groupMembers.joinedAt, session.startsAt),
        sql`not exists (select 1 from ${groupAttendance} ga where ga.session_id = ${session.id} and ga.patient_id = ${groupMembers.patientId} and ga.status = 'EXCUSED')`,
      ),
    );
  return rows.map((r) => r.patientId);
}

/**
 * Confirmed group sessions of running programs whose reminder is due at `now` and not made yet for their sequence,
 * by the rules of the appointments' (see dueReminders).
 */
export function dueGroupReminders(
  db: Db,
  r: { kind: NotificationKind; leadHours: number; laterLeadHours: number | null; now: Date },
): Promise<GroupSessionFacts[]> {
  const lead = sql`make_interval(hours => ${r.leadHours})`;
  return selectSessions(db).where(
    and(
      eq(groupSessions.status, 'CONFIRMED'),
      eq(groupPrograms.status, 'ACTIVE'),
      gt(groupSessions.startsAt, r.now),
      lte(groupSessions.startsAt, sql`${r.now}::timestamptz + ${lead}`),
      lte(groupSessions.scheduledAt, sql`${groupSessions.startsAt} - ${lead}`),
      r.laterLeadHours === null
        ? undefined
        : gt(groupSessions.startsAt, sql`${r.now}::timestamptz + make_interval(hours => ${r.laterLeadHours})`),
      sql`not exists (select 1 from ${notifications} n where n.group_session_id = ${groupSessions.id} and n.kind = ${r.kind} and (n.details->>'sequence')::int = ${groupSessions.sequence})`,
    ),
  );
}

/** The session, for its psychologist or a member now; undefined for anyone else. */
export async function sessionForAttendee(db: Db, sessionId: number, userId: number): Promise<GroupSessionFacts | undefined> {
  const member = sql`exists (select 1 from ${groupMembers} m where m.program_id = ${groupSessions.programId} and m.patient_id = ${userId} and m.left_at is null)`;
  const [row] = await selectSessions(db).where(
    and(eq(groupSessions.id, sessionId), or(eq(groupSessions.psychologistId, userId), member)),
  );
  return row;
}
