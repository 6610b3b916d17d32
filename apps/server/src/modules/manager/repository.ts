import type { ManagedPatient } from '@rozmova/contract';
import { and, asc, eq } from 'drizzle-orm';
import { manages, mayViewPatient } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { managerAssignments, patientProfiles, type UserRow, users } from '../../db/schema/index.js';

/** The manager's own names, e-mail and profile version as stored now (the signed-in copy may be cached). */
export async function ownProfile(db: Db, managerId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, version: users.profileVersion })
    .from(users)
    .where(eq(users.id, managerId));
  return row;
}

/** The patients the manager follows now, by name. */
export async function managedPatients(db: Db, managerId: number): Promise<ManagedPatient[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      aboutMe: patientProfiles.aboutMe,
    })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(and(eq(users.role, 'PATIENT'), manages(managerId, users.id)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({ ...r, aboutMe: r.aboutMe ?? '' }));
}

/** Whether the manager follows this patient now. */
export async function isManaged(db: Db, managerId: number, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'PATIENT'), manages(managerId, users.id)))
    .limit(1);
  return row !== undefined;
}

/** Every period in which the patient was assigned to a manager (any manager), oldest first; none out of the viewer's reach. */
export function assignmentPeriods(db: Db, viewer: UserRow, patientId: number): Promise<{ from: Date; until: Date | null }[]> {
  return db
    .select({ from: managerAssignments.from, until: managerAssignments.until })
    .from(managerAssignments)
    .where(and(eq(managerAssignments.patientId, patientId), mayViewPatient(viewer, managerAssignments.patientId)))
    .orderBy(asc(managerAssignments.from));
}
