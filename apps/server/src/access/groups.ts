import { and, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { groupMembers, groupPrograms, psychologistProfiles, type UserRow, users } from '../db/schema/index.js';

type Id = number | SQLWrapper;

/** A condition of who may reach a program, which a repository's query embeds. */
export type GroupAccess = SQL;

/** The programs the psychologist runs. */
export const runsGroup = (psychologistId: Id): SQL => eq(groupPrograms.psychologistId, psychologistId);

/** The patient belongs to the program now (a member who left does not). */
export const memberOf = (patientId: Id, programId: SQLWrapper = groupPrograms.id): SQL =>
  sql`exists (select 1 from ${groupMembers} where ${groupMembers.programId} = ${programId} and ${groupMembers.patientId} = ${patientId} and ${groupMembers.leftAt} is null)`;

/**
 * A program patients may find and join: running, open to enrolment, and run by an enabled psychologist the platform
 * has checked (as search offers only those).
 */
export const offeredToPatients = (): SQL =>
  and(
    eq(groupPrograms.status, 'ACTIVE'),
    eq(groupPrograms.enrolment, 'OPEN'),
    sql`exists (select 1 from ${users} join ${psychologistProfiles} on ${psychologistProfiles.userId} = ${users.id} where ${users.id} = ${groupPrograms.psychologistId} and ${users.enabled} and ${psychologistProfiles.verified})`,
  ) as SQL;

/**
 * Which programs the viewer may see at all: a patient those offered and those they belong to; a psychologist those
 * they run; an admin every one; a manager none (members' data is the psychologist's alone).
 */
export function mayViewGroup(user: UserRow): SQL {
  switch (user.role) {
    case 'PATIENT':
      return or(offeredToPatients(), memberOf(user.id)) as SQL;
    case 'PSYCHOLOGIST':
      return runsGroup(user.id);
    case 'ADMIN':
      return sql`true`;
    default:
      return sql`false`;
  }
}

/** Which programs the viewer may change (their sessions, members, notes): the psychologist's own; admins cancel any session. */
export function mayManageGroup(user: UserRow): SQL {
  if (user.role === 'PSYCHOLOGIST') return runsGroup(user.id);
  return user.role === 'ADMIN' ? sql`true` : sql`false`;
}
