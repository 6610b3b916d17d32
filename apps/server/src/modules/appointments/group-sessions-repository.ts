import type { AttendanceStatus } from '@rozmova/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { manages, mayViewPatient } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import {
  appointments,
  groupAttendance,
  groupMembers,
  groupPrograms,
  groupSessions,
  type UserRow,
  users,
} from '../../db/schema/index.js';

// Reads of group sessions as appointment lists show them to managers and admins (the groups module's public face
// answers the patients' and psychologists' own lists). Never the group note.

const psychologist = alias(users, 'psychologist');
const patient = alias(users, 'patient');

/** A group session as a list entry: about one member (with their attendance) or about the session alone. */
export type GroupEntryRow = {
  id: number;
  programId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  status: 'CONFIRMED' | 'CANCELED';
  videoCallRoomId: string;
  doctorId: number;
  doctorFirstName: string;
  doctorLastName: string;
  doctorTimeZone: string | null;
  patientId: number | null;
  patientFirstName: string | null;
  patientLastName: string | null;
  patientTimeZone: string | null;
  attendance: AttendanceStatus | null;
};

const sessionColumns = {
  id: groupSessions.id,
  programId: groupSessions.programId,
  title: groupPrograms.title,
  startsAt: groupSessions.startsAt,
  endsAt: groupSessions.endsAt,
  status: groupSessions.status,
  videoCallRoomId: groupSessions.videoCallRoomId,
  doctorId: groupSessions.psychologistId,
  doctorFirstName: psychologist.firstName,
  doctorLastName: psychologist.lastName,
  doctorTimeZone: psychologist.timeZone,
};

/** A member's place in a session: joined before it ended, not left before it began (as the groups module reads it). */
const memberDuring = and(
  lt(groupMembers.joinedAt, groupSessions.endsAt),
  or(isNull(groupMembers.leftAt), gt(groupMembers.leftAt, groupSessions.startsAt)),
) as SQL;

/** Sessions with each member who took part in them, where `where` holds. */
function selectMemberSessions(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...sessionColumns,
      patientId: groupMembers.patientId,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      patientTimeZone: patient.timeZone,
      attendance: groupAttendance.status,
    })
    .from(groupSessions)
    .innerJoin(groupPrograms, eq(groupPrograms.id, groupSessions.programId))
    .innerJoin(psychologist, eq(psychologist.id, groupSessions.psychologistId))
    .innerJoin(groupMembers, eq(groupMembers.programId, groupSessions.programId))
    .innerJoin(patient, eq(patient.id, groupMembers.patientId))
    .leftJoin(
      groupAttendance,
      and(eq(groupAttendance.sessionId, groupSessions.id), eq(groupAttendance.patientId, groupMembers.patientId)),
    )
    .where(and(memberDuring, where));
}

/** The group sessions of the patients the manager follows now (of one of them when given), soonest first. */
export function listManagedGroupSessions(db: Db, managerId: number, patientId?: number): Promise<GroupEntryRow[]> {
  return selectMemberSessions(
    db,
    and(manages(managerId, groupMembers.patientId), patientId === undefined ? undefined : eq(groupMembers.patientId, patientId)),
  ).orderBy(asc(groupSessions.startsAt), asc(groupSessions.id), asc(groupMembers.patientId));
}

/** The patient's group sessions that have ended by now, most recent first, if the viewer may see the patient. */
export function listEndedGroupSessionsOfPatient(db: Db, viewer: UserRow, patientId: number, now: Date): Promise<GroupEntryRow[]> {
  return selectMemberSessions(
    db,
    and(eq(groupMembers.patientId, patientId), mayViewPatient(viewer, groupMembers.patientId), lte(groupSessions.endsAt, now)),
  ).orderBy(desc(groupSessions.startsAt), desc(groupSessions.id));
}

/** Sessions by id, about the session alone (the patient fields null). */
export async function groupSessionsByIds(db: Db, ids: number[]): Promise<GroupEntryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(sessionColumns)
    .from(groupSessions)
    .innerJoin(groupPrograms, eq(groupPrograms.id, groupSessions.programId))
    .innerJoin(psychologist, eq(psychologist.id, groupSessions.psychologistId))
    .where(inArray(groupSessions.id, ids));
  return rows.map((r) => ({
    ...r,
    patientId: null,
    patientFirstName: null,
    patientLastName: null,
    patientTimeZone: null,
    attendance: null,
  }));
}

/** The session whose room this is, about the session alone; undefined when the room is no group session's. */
export async function groupSessionByRoom(db: Db, roomId: string): Promise<GroupEntryRow | undefined> {
  const [row] = await db.select({ id: groupSessions.id }).from(groupSessions).where(eq(groupSessions.videoCallRoomId, roomId));
  return row && (await groupSessionsByIds(db, [row.id]))[0];
}

/**
 * One page of every appointment and group session (one entry each), newest start first, as (kind, id) pairs, and how
 * many there are: the two tables are paged together in one UNION.
 */
export async function pageEverySession(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ entries: { kind: 'INDIVIDUAL' | 'GROUP'; id: number }[]; total: number }> {
  const [result, [a], [g]] = await Promise.all([
    db.execute(sql`
      SELECT kind, id FROM (
        SELECT 'INDIVIDUAL' AS kind, id, starts_at FROM ${appointments}
        UNION ALL
        SELECT 'GROUP' AS kind, id, starts_at FROM ${groupSessions}
      ) e
      ORDER BY starts_at DESC, kind DESC, id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.select({ n: count() }).from(appointments),
    db.select({ n: count() }).from(groupSessions),
  ]);
  const rows = (result as unknown as { rows: { kind: 'INDIVIDUAL' | 'GROUP'; id: number | string }[] }).rows;
  return { entries: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })), total: a.n + g.n };
}
