import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { appointments, managerAssignments, psychologistProfiles, records, type UserRow, users } from '../db/schema/index.js';

type Id = number | SQLWrapper;

/**
 * A read over everyone's rows, written out where a caller means it (an admin's list, or a service re-reading a row it
 * has just written under its own check): a repository read of personal data takes its viewer as a required argument,
 * so a forgotten viewer fails to compile instead of reading everything.
 */
export const ALL = Symbol('ALL');
export type Everyone = typeof ALL;

/** Whose appointments: one participant's side. */
export type Participant = { psychologistId: number } | { patientId: number };

/** The appointments of one participant, on their side; every appointment for ALL. */
export const participantIs = (who: Participant | Everyone): SQL =>
  who === ALL
    ? sql`true`
    : 'psychologistId' in who
      ? eq(appointments.psychologistId, who.psychologistId)
      : eq(appointments.patientId, who.patientId);

/**
 * The psychologist treats the patient: they have a session together, past or upcoming, or had one the patient missed.
 * A booking that was cancelled joins no one: it grants no access to the patient's data.
 */
export const treats = (psychologistId: Id, patientId: Id): SQL =>
  sql`exists (select 1 from ${appointments} where ${appointments.psychologistId} = ${psychologistId} and ${appointments.patientId} = ${patientId} and ${appointments.status} in ('CONFIRMED', 'NO_SHOW'))`;

/** The manager follows the patient now: an open assignment joins them (closed ones are history only). */
export const manages = (managerId: Id, patientId: Id): SQL =>
  sql`exists (select 1 from ${managerAssignments} where ${managerAssignments.managerId} = ${managerId} and ${managerAssignments.patientId} = ${patientId} and ${managerAssignments.until} is null)`;

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

/** Managers and admins: the platform's staff, who see psychologists before their documents are checked. */
const isStaff = (user: UserRow): boolean => user.role === 'MANAGER' || user.role === 'ADMIN';

/**
 * Whether the viewer sees a psychologist whose documents the platform has not checked yet: such a one is not offered
 * to patients or other psychologists, so only they themself, managers and admins see their profile and week.
 */
export const maySeeUnverified = (user: UserRow, psychologistId: number): boolean => user.id === psychologistId || isStaff(user);

/**
 * The users rows of the psychologists the viewer may see: themself, and an enabled psychologist (a verified one,
 * unless the viewer is staff, as maySeeUnverified).
 */
export function mayViewPsychologist(user: UserRow): SQL {
  return or(
    eq(users.id, user.id),
    and(users.enabled, eq(users.role, 'PSYCHOLOGIST'), isStaff(user) ? undefined : documentsChecked()),
  ) as SQL;
}

const documentsChecked = () =>
  sql`exists (select 1 from ${psychologistProfiles} where ${psychologistProfiles.userId} = ${users.id} and ${psychologistProfiles.verified})`;

/** The users rows of the psychologists anyone sees before signing in: enabled, with checked documents. */
export const listedPublicly = (): SQL => and(users.enabled, eq(users.role, 'PSYCHOLOGIST'), documentsChecked()) as SQL;

/** Whose picture the viewer may see: a psychologist's they may see (their own included), and an enabled patient's they may view. */
export function mayViewAvatarOf(user: UserRow): SQL {
  return or(mayViewPsychologist(user), and(users.enabled, eq(users.role, 'PATIENT'), mayViewPatient(user, users.id))) as SQL;
}

/** A record the viewer wrote: only its author may change or delete it. */
export const writtenBy = (user: UserRow): SQL => eq(records.authorId, user.id);

/** The records shared with the viewer by someone else: the privacy level admits their role and they follow the patient. */
function sharedWith(user: UserRow): SQL {
  switch (user.role) {
    case 'PATIENT':
      return and(eq(records.patientId, user.id), eq(records.privacyLevel, 'DOCTOR_PATIENT_MANAGER')) as SQL;
    case 'MANAGER':
      return and(
        inArray(records.privacyLevel, ['DOCTOR_MANAGER', 'DOCTOR_PATIENT_MANAGER']),
        manages(user.id, records.patientId),
      ) as SQL;
    default:
      return sql`false`;
  }
}

/**
 * Which records the viewer may read: their own, and those shared with them (a patient: notes about them at
 * DOCTOR_PATIENT_MANAGER; a manager: DOCTOR_MANAGER or DOCTOR_PATIENT_MANAGER notes about a patient they follow).
 * Admins read no record content at all.
 */
export const mayReadRecord = (user: UserRow): SQL =>
  user.role === 'ADMIN' ? sql`false` : (or(writtenBy(user), sharedWith(user)) as SQL);

/**
 * Whose outcome measures (PHQ-9, GAD-7) the viewer may read, by the note rules: the patient their own, a psychologist
 * those of a patient they treat, a manager those of a patient they follow now. Admins read none (the audit trail
 * shows them who read what).
 */
export function mayReadMeasuresOf(user: UserRow, patientId: SQLWrapper): SQL {
  switch (user.role) {
    case 'PATIENT':
      return eq(patientId, user.id);
    case 'PSYCHOLOGIST':
      return treats(user.id, patientId);
    case 'MANAGER':
      return manages(user.id, patientId);
    default:
      return sql`false`;
  }
}

/**
 * Whose verification documents (diploma, licence, certificates) the viewer may see: a psychologist their own, an admin
 * every psychologist's; patients, managers and other psychologists none.
 */
export function mayReadDocumentsOf(user: UserRow, psychologistId: SQLWrapper): SQL {
  if (user.role === 'ADMIN') return sql`true`;
  if (user.role === 'PSYCHOLOGIST') return eq(psychologistId, user.id);
  return sql`false`;
}
