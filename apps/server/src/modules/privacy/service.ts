import type { AccountDeletion, DeletionAccepted } from '@rozmova/contract';
import { audit, purgeAuditOf } from '../../access/audit.js';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { AccountDeletionRow } from '../../db/schema/index.js';
import { cancelAllOwn } from '../appointments/service.js';
import { eraseDocumentsOf } from '../documents/service.js';
import { leaveAllGroups } from '../groups/enrolment-service.js';
import { purgeMeasuresOf } from '../measures/service.js';
import { eraseMessagesOf } from '../messages/service.js';
import { eraseNotificationsOf } from '../notifications/service.js';
import { purgeRecordsOf } from '../records/service.js';
import { eraseAccount } from '../users/service.js';
import { exportArchive } from './export-service.js';
import * as repo from './repository.js';

/** The person's archive, its making audited. */
export async function exportData(ctx: ViewerContext): Promise<{ fileName: string; data: Buffer }> {
  const file = await exportArchive(ctx);
  await audit(ctx, ctx.db, [{ action: 'DATA_EXPORT', subjectId: ctx.user.id }]);
  return file;
}

const addYears = (at: Date, years: number) => {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

/**
 * A patient or psychologist deletes their account. Their upcoming sessions are canceled with notices to the other
 * side, a patient leaves their groups and a psychologist's groups end; what names or reaches them (account, profile, picture, documents, notifications, conversations and messages) is erased at once and every
 * session ends. Clinical notes about the patient or by the psychologist, questionnaires and the audit trail stay
 * sealed, as the practice must keep them, for RECORDS_RETENTION_YEARS; the purge job removes them then.
 */
export async function requestDeletion(ctx: ViewerContext): Promise<DeletionAccepted> {
  const now = ctx.clock.instant();
  const userId = ctx.user.id;
  const canceledSessions = await cancelAllOwn(ctx, 'The account was deleted');
  await leaveAllGroups(ctx);
  const purgeAfter = addYears(now, ctx.config.recordsRetentionYears);
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, [{ action: 'ACCOUNT_DELETE', subjectId: userId }]);
    await repo.insertDeletion(tx, { userId, role: ctx.user.role, requestedAt: now, erasedAt: now, purgeAfter });
  });
  if (ctx.user.role === 'PSYCHOLOGIST') await eraseDocumentsOf(ctx, userId);
  await eraseNotificationsOf(ctx, userId);
  await eraseMessagesOf(ctx, userId);
  await eraseAccount(ctx, userId);
  return { requestedAt: now.toISOString(), purgeAfter: purgeAfter.toISOString(), canceledSessions };
}

const present = (row: AccountDeletionRow): AccountDeletion => ({
  id: row.id,
  userId: row.userId,
  role: row.role,
  requestedAt: row.requestedAt.toISOString(),
  purgeAfter: row.purgeAfter.toISOString(),
  purgedAt: row.purgedAt?.toISOString() ?? null,
  state: row.purgedAt ? 'PURGED' : 'PENDING',
});

/** Pending and completed deletions, for admins. */
export const listDeletions = async (ctx: ViewerContext): Promise<AccountDeletion[]> =>
  (await repo.listDeletions(ctx.db)).map(present);

/** Removes the kept records of deletions whose retention is over; answers how many deletions were completed. */
export async function purgeDue(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const due = await repo.dueForPurge(ctx.db, ctx.clock.instant());
  for (const d of due) {
    await ctx.db.transaction(async (tx) => {
      const scoped = { db: tx };
      await purgeRecordsOf(scoped, d.userId);
      await purgeMeasuresOf(scoped, d.userId);
      await purgeAuditOf(tx, d.userId);
      await repo.markPurged(tx, d.id, ctx.clock.instant());
    });
  }
  return due.length;
}
