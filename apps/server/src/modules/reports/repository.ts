import type { AppointmentStatus } from '@rozmova/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';

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
