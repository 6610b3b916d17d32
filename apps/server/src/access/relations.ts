import { and, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { appointments, users } from '../db/schema/index.js';
import type { UserRow } from '../modules/users/repository.js';

type Id = number | SQLWrapper;

/** The psychologist treats the patient: they have or had an appointment together, in any state. */
export const treats = (psychologistId: Id, patientId: Id): SQL =>
  sql`exists (select 1 from ${appointments} where ${appointments.psychologistId} = ${psychologistId} and ${appointments.patientId} = ${patientId})`;

/** The manager follows the patient. Managers have no assigned patients until the oversight work adds assignments. */
export const manages = (_managerId: Id, _patientId: Id): SQL => sql`false`;

/**
 * Whether the viewer may see a patient's personal data: the patient themself, a psychologist who treats them, a
 * manager who follows them, or an admin. Repositories put it in their WHERE, so anything outside is simply not found.
 */
export function mayViewPatient(user: UserRow, patientId: SQLWrapper): SQL {
  switch (user.role) {
    case 'ADMIN':
      return sql`true`;
    case 'PSYCHOLOGIST':
      return or(eq(patientId, user.id), treats(user.id, patientId)) as SQL;
    case 'MANAGER':
      return or(eq(patientId, user.id), manages(user.id, patientId)) as SQL;
    default:
      return eq(patientId, user.id);
  }
}

/** Whose picture the viewer may see: their own, any enabled psychologist's, and an enabled patient's they may view. */
export function mayViewAvatarOf(user: UserRow): SQL {
  const patientVisible = and(eq(users.role, 'PATIENT'), mayViewPatient(user, users.id));
  return or(eq(users.id, user.id), and(users.enabled, or(eq(users.role, 'PSYCHOLOGIST'), patientVisible))) as SQL;
}
