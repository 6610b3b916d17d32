import type { AppointmentStatus } from '@rozmova/contract';
import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, groupAttendance, groupSessions } from '../../db/schema/index.js';

export type SessionRow = { id: number; startsAt: Date; endsAt: Date; status: AppointmentStatus };

/** The psychologist's sessions with the patient that start within [from, until), whatever came of them; oldest first. */
export function sessionsBetween(
  db: Db,
  pair: { psychologistId: number; patientId: number },
  from: Date,
  until: Date,
): Promise<SessionRow[]> {
  return db
    .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status })
    .from(appointments)
    .where(
      and(
        eq(appointments.psychologistId, pair.psychologistId),
        eq(appointments.patientId, pair.patientId),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, until),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** How many of the psychologist's group sessions starting within [from, until) the patient was marked as attending. */
export async function groupSessionsAttended(
  db: Db,
  pair: { psychologistId: number; patientId: number },
  from: Date,
  until: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupAttendance)
    .innerJoin(groupSessions, eq(groupSessions.id, groupAttendance.sessionId))
    .where(
      and(
        eq(groupAttendance.patientId, pair.patientId),
        eq(groupAttendance.status, 'ATTENDED'),
        eq(groupSessions.psychologistId, pair.psychologistId),
        gte(groupSessions.startsAt, from),
        lt(groupSessions.startsAt, until),
      ),
    );
  return row.n;
}
