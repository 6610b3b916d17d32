import type { AuditAction } from '@rozmova/contract';
import type { Db } from '../db/client.js';
import type { ViewerContext } from './context.js';
import { deleteAuditEventsOf, insertAuditEvents } from './repository.js';

/**
 * One audited act: what was done, to which note (note events), about which patient, to which account (admin
 * changes), with which manager (assignments) or appointment (cancels), and any detail such as a reason.
 */
export type AuditEntry = {
  action: AuditAction;
  recordId?: number;
  patientId?: number | null;
  subjectId?: number;
  managerId?: number;
  appointmentId?: number;
  detail?: string;
};

/**
 * Clinical changes and reads, and every admin change, hook their audit in here: who (account and role), when (the platform clock) and from
 * which address. Pass the transaction of the change, so the trail and the change commit or fail together.
 */
export async function audit(ctx: ViewerContext, db: Db, entries: AuditEntry[]): Promise<void> {
  const at = ctx.clock.instant();
  await insertAuditEvents(
    db,
    entries.map((e) => ({ ...e, at, userId: ctx.user.id, role: ctx.user.role, ip: ctx.ip ?? null })),
  );
}

/** A deleted account's trail (by them or about them), purged once the retention is over; answers how many events went. */
export const purgeAuditOf = (db: Db, userId: number): Promise<number> => deleteAuditEventsOf(db, userId);
