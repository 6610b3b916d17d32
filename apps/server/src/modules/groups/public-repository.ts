import type { AppointmentTab } from '@rozmova/contract';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Participant } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { groupAttendance, groupMembers, groupPrograms, groupSessions, users } from '../../db/schema/index.js';

/** A member's place in a session: joined before it ended, not left before it began. */
const memberDuring = and(
  lt(groupMembers.joinedAt, groupSessions.endsAt),
  or(isNull(groupMembers.leftAt), gt(groupMembers.leftAt, groupSessions.startsAt)),
) as SQL;
const excused = eq(groupAttendance.status, 'EXCUSED');

/** One participant's group sessions in an appointment tab: active (confirmed, not over, not skipped) or the rest. */
export function sessionsOfParticipant(db: Db, who: Participant, tab: AppointmentTab, now: Date) {
  const patientId = 'patientId' in who ? who.patientId : null;
  const active = and(
    eq(groupSessions.status, 'CONFIRMED'),
    gt(groupSessions.endsAt, now),
    patientId === null ? undefined : or(isNull(groupAttendance.status), not(excused)),
  ) as SQL;
  const order = tab === 'active' ? asc : desc;
  const query = db
    .select({
      session: groupSessions,
      title: groupPrograms.title,
      psychologist: { id: users.id, firstName: users.firstName, lastName: users.lastName, timeZone: users.timeZone },
      attendance: groupAttendance.status,
    })
    .from(groupSessions)
    .innerJoin(groupPrograms, eq(groupPrograms.id, groupSessions.programId))
    .innerJoin(users, eq(users.id, groupSessions.psychologistId))
    .leftJoin(
      groupAttendance,
      and(eq(groupAttendance.sessionId, groupSessions.id), eq(groupAttendance.patientId, patientId ?? sql`null`)),
    )
    .$dynamic();
  const inTab = tab === 'active' ? active : not(active);
  if (patientId === null) {
    return query
      .where(and(eq(groupSessions.psychologistId, (who as { psychologistId: number }).psychologistId), inTab))
      .orderBy(order(groupSessions.startsAt), order(groupSessions.id));
  }
  return query
    .innerJoin(groupMembers, and(eq(groupMembers.programId, groupSessions.programId), eq(groupMembers.patientId, patientId)))
    .where(and(memberDuring, inTab))
    .orderBy(order(groupSessions.startsAt), order(groupSessions.id));
}

/** The session whose video room this is, whoever asks. */
export async function sessionByRoom(db: Db, roomId: string) {
  const [row] = await db.select().from(groupSessions).where(eq(groupSessions.videoCallRoomId, roomId));
  return row;
}

/** Who takes part in a session: the members now who were members at its time and did not skip it, by name. */
export function attendeesOf(db: Db, sessionId: number) {
  return db
    .select({ patientId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(groupSessions)
    .innerJoin(groupMembers, eq(groupMembers.programId, groupSessions.programId))
    .innerJoin(users, eq(users.id, groupMembers.patientId))
    .leftJoin(
      groupAttendance,
      and(eq(groupAttendance.sessionId, groupSessions.id), eq(groupAttendance.patientId, groupMembers.patientId)),
    )
    .where(
      and(
        eq(groupSessions.id, sessionId),
        isNull(groupMembers.leftAt),
        memberDuring,
        or(isNull(groupAttendance.status), not(excused)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.id));
}

/** How many group sessions starting in [from, to) the patient was marked as having attended. */
export async function countAttended(db: Db, patientId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupAttendance)
    .innerJoin(groupSessions, eq(groupSessions.id, groupAttendance.sessionId))
    .where(
      and(
        eq(groupAttendance.patientId, patientId),
        eq(groupAttendance.status, 'ATTENDED'),
        gte(groupSessions.startsAt, from),
        lt(groupSessions.startsAt, to),
      ),
    );
  return row.n;
}
