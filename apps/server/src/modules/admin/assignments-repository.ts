import type { Role } from '@rozmova/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Everyone } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { managerAssignments, psychologistProfiles, users } from '../../db/schema/index.js';
import { type AdminUserDbRow, userRowColumns } from './users-repository.js';

export type PatientRow = { id: number; firstName: string; lastName: string; email: string };
const patientColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];

const isOpen = isNull(managerAssignments.until);

/** One page of managers (of ALL, for admins), by id, and how many there are. */
export async function listManagers(
  db: Db,
  _who: Everyone,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserDbRow[]; total: number }> {
  const where = eq(users.role, 'MANAGER');
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(where)
    .orderBy(asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}

/** Of these ids, the managers', in the order given. */
export async function managerIdsAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'MANAGER')));
  const managers = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => managers.has(id));
}

/** The patients each of these managers follows now (admins read ALL), by name. */
export async function openAssignmentsOf(db: Db, _who: Everyone, managerIds: number[]): Promise<Map<number, PatientRow[]>> {
  const result = new Map<number, PatientRow[]>(managerIds.map((id) => [id, []]));
  if (managerIds.length === 0) return result;
  const rows = await db
    .select({ managerId: managerAssignments.managerId, ...patientColumns })
    .from(managerAssignments)
    .innerJoin(users, eq(users.id, managerAssignments.patientId))
    .where(and(inArray(managerAssignments.managerId, managerIds), isOpen))
    .orderBy(...byName);
  for (const { managerId, ...patient } of rows) result.get(managerId)?.push(patient);
  return result;
}

/** Patients with no open assignment (admins read ALL), by name. */
export function unassignedPatients(db: Db, _who: Everyone): Promise<PatientRow[]> {
  const assigned: SQL = sql`exists (select 1 from ${managerAssignments} where ${managerAssignments.patientId} = ${users.id} and ${isOpen})`;
  return db
    .select(patientColumns)
    .from(users)
    .where(and(eq(users.role, 'PATIENT'), sql`not ${assigned}`))
    .orderBy(...byName);
}

/** The role of an account, locking its row against a concurrent role change; undefined when there is none. */
export async function lockedRoleOf(db: Db, id: number): Promise<Role | null | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).for('no key update');
  return row ? row.role : undefined;
}

/** Opens an assignment; false when the patient already has an open one (the partial unique index decides). */
export async function openAssignment(db: Db, a: { managerId: number; patientId: number; from: Date }): Promise<boolean> {
  const rows = await db.insert(managerAssignments).values(a).onConflictDoNothing().returning({ id: managerAssignments.id });
  return rows.length > 0;
}

/** Closes the open assignment of this manager and patient at `until`; false when there is none. */
export async function closeAssignment(db: Db, a: { managerId: number; patientId: number; until: Date }): Promise<boolean> {
  const rows = await db
    .update(managerAssignments)
    // Never before its start, even if the clock was set back.
    .set({ until: sql`greatest(${a.until}::timestamptz, ${managerAssignments.from})` })
    .where(and(eq(managerAssignments.managerId, a.managerId), eq(managerAssignments.patientId, a.patientId), isOpen))
    .returning({ id: managerAssignments.id });
  return rows.length > 0;
}
