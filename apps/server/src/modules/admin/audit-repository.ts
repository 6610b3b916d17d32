import type { AuditAction } from '@rozmova/contract';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Everyone } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema/index.js';

export type AuditFilter = { actorId?: number; action?: AuditAction; subjectId?: number };

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');
/** The account an event is about: the one acted on, else the patient concerned. */
const subjectOf = sql<number | null>`coalesce(${auditEvents.subjectId}, ${auditEvents.patientId})`;

const matching = (f: AuditFilter) =>
  and(
    f.actorId === undefined ? undefined : eq(auditEvents.userId, f.actorId),
    f.action === undefined ? undefined : eq(auditEvents.action, f.action),
    f.subjectId === undefined
      ? undefined
      : or(
          eq(auditEvents.subjectId, f.subjectId),
          eq(auditEvents.patientId, f.subjectId),
          eq(auditEvents.managerId, f.subjectId),
        ),
  );

/** One page of the trail matching the filter (admins read ALL), newest first, with the names of its actor and subject. */
export async function listAudit(db: Db, _who: Everyone, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where = matching(filter);
  const [{ total }] = await db.select({ total: count() }).from(auditEvents).where(where);
  const rows = await db
    .select({
      event: auditEvents,
      subjectId: subjectOf,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorEmail: actor.email,
      subjectFirstName: subject.firstName,
      subjectLastName: subject.lastName,
      subjectEmail: subject.email,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.userId))
    .leftJoin(subject, eq(subject.id, subjectOf))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}
export type AuditListRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];
