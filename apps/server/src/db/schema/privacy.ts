import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roleEnum } from './users.js';

/**
 * An account whose owner asked to be deleted: its personal data is erased when asked (`erasedAt`); the clinical notes
 * and audit trail the practice must keep stay sealed until `purgeAfter` (RECORDS_RETENTION_YEARS later), when a
 * scheduled job removes them (`purgedAt`). The user row stays, anonymised, as appointments of others point at it.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    role: roleEnum('role'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletions_user_idx').on(t.userId),
    index('account_deletions_due_idx').on(t.purgeAfter).where(sql`${t.purgedAt} IS NULL`),
  ],
);
export type AccountDeletionRow = typeof accountDeletions.$inferSelect;
