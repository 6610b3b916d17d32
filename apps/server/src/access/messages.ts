import { and, eq, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { conversations, groupMembers, groupPrograms, type UserRow } from '../db/schema/index.js';
import { memberOf } from './groups.js';
import { treats } from './relations.js';

type Id = number | SQLWrapper;

/**
 * A patient and a psychologist may write to each other when the psychologist treats them (a confirmed, attended or
 * missed session together, never only cancelled ones) or the patient is or was a member of a group they run.
 */
export const mayMessage = (psychologistId: Id, patientId: Id): SQL =>
  or(
    treats(psychologistId, patientId),
    sql`exists (select 1 from ${groupMembers} join ${groupPrograms} on ${groupPrograms.id} = ${groupMembers.programId} where ${groupPrograms.psychologistId} = ${psychologistId} and ${groupMembers.patientId} = ${patientId})`,
  ) as SQL;

/**
 * The conversations the viewer may read: a direct one of theirs, on either side; a group's announcements as its
 * psychologist or a member now. Managers and admins read none.
 */
export function mayReadConversation(user: UserRow): SQL {
  switch (user.role) {
    case 'PSYCHOLOGIST':
      return eq(conversations.psychologistId, user.id);
    case 'PATIENT':
      return or(
        and(eq(conversations.kind, 'DIRECT'), eq(conversations.patientId, user.id)),
        and(eq(conversations.kind, 'GROUP'), memberOf(user.id, conversations.programId)),
      ) as SQL;
    default:
      return sql`false`;
  }
}

/**
 * The conversations the viewer may write to now: an open direct one of theirs, and the open announcements of a
 * group they run. Members answer an announcement in their own conversation with the psychologist.
 */
export function mayWriteConversation(user: UserRow): SQL {
  const open = isNull(conversations.closedAt);
  switch (user.role) {
    case 'PSYCHOLOGIST':
      return and(open, eq(conversations.psychologistId, user.id)) as SQL;
    case 'PATIENT':
      return and(open, eq(conversations.kind, 'DIRECT'), eq(conversations.patientId, user.id)) as SQL;
    default:
      return sql`false`;
  }
}

/**
 * Whose conversations the viewer may see the outside of (that they exist, between whom, their size): an admin's, for
 * abuse handling; the messages themselves stay closed to them.
 */
export const mayOverseeConversations = (user: UserRow): SQL => (user.role === 'ADMIN' ? sql`true` : sql`false`);

/** Who may close a conversation (and reopen it): its psychologist. */
export const mayCloseConversation = (user: UserRow): SQL =>
  user.role === 'PSYCHOLOGIST' ? eq(conversations.psychologistId, user.id) : sql`false`;
