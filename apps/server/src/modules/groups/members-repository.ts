import type { AttendanceStatus } from '@rozmova/contract';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { treats } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { appointments, groupAttendance, groupMembers, users } from '../../db/schema/index.js';

/**
 * Makes the patient a member: a new row, or a row that had left joins again (from now). False when they are a member
 * already; two joins of one patient meet on the primary key, so the second finds the first's row.
 */
export async function joinMember(
  db: Db,
  m: { programId: number; patientId: number; now: Date; agreementAcceptedAt: Date | null },
): Promise<boolean> {
  const values = { programId: m.programId, patientId: m.patientId, joinedAt: m.now, agreementAcceptedAt: m.agreementAcceptedAt };
  const rows = await db
    .insert(groupMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [groupMembers.programId, groupMembers.patientId],
      set: { joinedAt: m.now, agreementAcceptedAt: m.agreementAcceptedAt, leftAt: null },
      setWhere: sql`${groupMembers.leftAt} is not null`,
    })
    .returning({ patientId: groupMembers.patientId });
  return rows.length > 0;
}

/** The member leaves (the row stays, with its history); false when they are not a member. */
export async function leaveMember(db: Db, programId: number, patientId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(groupMembers)
    .set({ leftAt: now })
    .where(and(eq(groupMembers.programId, programId), eq(groupMembers.patientId, patientId), isNull(groupMembers.leftAt)))
    .returning({ patientId: groupMembers.patientId });
  return rows.length > 0;
}

/** Whether the patient is an enabled patient the psychologist treats. */
export async function isTreated(db: Db, psychologistId: number, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'PATIENT'), users.enabled, treats(psychologistId, users.id)));
  return row !== undefined;
}

/**
 * The program's members now (or the one asked for), by name, each with how many of their individual sessions with the
 * psychologist lie ahead and when the first of them starts.
 */
export function listMembers(db: Db, program: { id: number; psychologistId: number }, now: Date, only?: number) {
  const ahead = sql`from ${appointments} where ${appointments.psychologistId} = ${program.psychologistId}
    and ${appointments.patientId} = ${groupMembers.patientId} and ${appointments.status} = 'CONFIRMED'
    and ${appointments.endsAt} > ${now.toISOString()}`;
  const upcoming = sql<number>`(select count(*) ${ahead})`.mapWith(Number);
  const nextStart = sql<Date | null>`(select min(${appointments.startsAt}) ${ahead})`.mapWith(appointments.startsAt);
  return db
    .select({
      patientId: groupMembers.patientId,
      firstName: users.firstName,
      lastName: users.lastName,
      birthDate: users.birthDate,
      joinedAt: groupMembers.joinedAt,
      upcomingIndividual: upcoming,
      nextIndividualAt: nextStart,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.patientId))
    .where(
      and(
        eq(groupMembers.programId, program.id),
        isNull(groupMembers.leftAt),
        only === undefined ? undefined : eq(groupMembers.patientId, only),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(groupMembers.patientId));
}

/** Whom the program had as members during a session: joined before it ended and had not left before it began. */
export async function membersDuring(
  db: Db,
  programId: number,
  span: { startsAt: Date; endsAt: Date },
  patientIds: number[],
): Promise<number[]> {
  const rows = await db
    .select({ patientId: groupMembers.patientId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.programId, programId),
        inArray(groupMembers.patientId, patientIds),
        lt(groupMembers.joinedAt, span.endsAt),
        or(isNull(groupMembers.leftAt), gt(groupMembers.leftAt, span.startsAt)),
      ),
    );
  return rows.map((r) => r.patientId);
}

export async function activeMemberIds(db: Db, programId: number): Promise<number[]> {
  const rows = await db
    .select({ patientId: groupMembers.patientId })
    .from(groupMembers)
    .where(and(eq(groupMembers.programId, programId), isNull(groupMembers.leftAt)));
  return rows.map((r) => r.patientId);
}

/** Sets the marks of one session, replacing earlier ones of the same members. */
export async function setAttendance(
  db: Db,
  sessionId: number,
  marks: { patientId: number; status: AttendanceStatus }[],
  now: Date,
): Promise<void> {
  await db
    .insert(groupAttendance)
    .values(marks.map((m) => ({ sessionId, ...m, updatedAt: now })))
    .onConflictDoUpdate({
      target: [groupAttendance.sessionId, groupAttendance.patientId],
      set: { status: sql`excluded.status`, updatedAt: now },
    });
}

/** The marks of the sessions (of one session, or of the program's by their ids). */
export function attendanceOf(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ sessionId: groupAttendance.sessionId, patientId: groupAttendance.patientId, status: groupAttendance.status })
    .from(groupAttendance)
    .where(inArray(groupAttendance.sessionId, sessionIds))
    .orderBy(asc(groupAttendance.sessionId), asc(groupAttendance.patientId));
}

/** The programs the patient is a member of now. */
export async function activeProgramsOf(db: Db, patientId: number): Promise<number[]> {
  const rows = await db
    .select({ programId: groupMembers.programId })
    .from(groupMembers)
    .where(and(eq(groupMembers.patientId, patientId), isNull(groupMembers.leftAt)));
  return rows.map((r) => r.programId);
}
