import type { AuditAction } from '@rozmova/contract';
import type { Db } from '../db/client.js';
import type { ViewerContext } from './context.js';
import { insertAuditEvents } from './repository.js';

/** One access to a clinical note: what was done to which record, about which patient. */
export type AuditEntry = { action: AuditAction; recordId: number; patientId: number | null };

/**
 * Clinical changes and reads hook their audit in here: who (account and role), when (the platform clock) and from
 * which address. Pass the transaction of the change, so the trail and the change commit or fail together.
 */
export async function audit(ctx: ViewerContext, db: Db, entries: AuditEntry[]): Promise<void> {
  const at = ctx.clock.instant();
  await insertAuditEvents(
    db,
    entries.map((e) => ({ ...e, at, userId: ctx.user.id, role: ctx.user.role, ip: ctx.ip ?? null })),
  );
}
