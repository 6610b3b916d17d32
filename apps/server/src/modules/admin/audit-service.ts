import { type AuditRow, type adminAuditQuerySchema, type Page, toRoleName } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { ALL } from '../../access/relations.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import * as repo from './audit-repository.js';

const person = (id: number, firstName: string | null, lastName: string | null, email: string | null) => ({
  id,
  firstName: firstName ?? '',
  lastName: lastName ?? '',
  email: email ?? '',
});

function toAuditRow(row: repo.AuditListRow): AuditRow {
  const e = row.event;
  return {
    id: e.id,
    at: e.at.toISOString(),
    action: e.action,
    actor: person(e.userId, row.actorFirstName, row.actorLastName, row.actorEmail),
    actorRole: e.role ? toRoleName(e.role) : null,
    subject:
      row.subjectId === null ? null : person(Number(row.subjectId), row.subjectFirstName, row.subjectLastName, row.subjectEmail),
    managerId: e.managerId,
    recordId: e.recordId,
    appointmentId: e.appointmentId,
    detail: e.detail,
    ip: e.ip,
  };
}

/** The audit trail for admins, newest first, filtered by actor, action and subject. */
export async function listAudit(ctx: ViewerContext, query: z.output<typeof adminAuditQuerySchema>): Promise<Page<AuditRow>> {
  const { actorId, action, subjectId } = query;
  const { rows, total } = await repo.listAudit(ctx.db, ALL, { actorId, action, subjectId }, pageWindow(query));
  return toPage(rows.map(toAuditRow), total, query);
}
