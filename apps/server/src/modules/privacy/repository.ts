import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type AccountDeletionRow, accountDeletions } from '../../db/schema/index.js';

export async function insertDeletion(db: Db, row: Omit<AccountDeletionRow, 'id' | 'purgedAt'>): Promise<AccountDeletionRow> {
  const [inserted] = await db.insert(accountDeletions).values(row).returning();
  return inserted;
}

/** Every deletion, newest first (an admin's view). */
export const listDeletions = (db: Db): Promise<AccountDeletionRow[]> =>
  db.select().from(accountDeletions).orderBy(desc(accountDeletions.requestedAt), desc(accountDeletions.id)).limit(500);

/** Deletions whose kept records are due to go. */
export const dueForPurge = (db: Db, now: Date): Promise<AccountDeletionRow[]> =>
  db
    .select()
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.purgedAt), lte(accountDeletions.purgeAfter, now)))
    .limit(100);

export async function markPurged(db: Db, id: number, at: Date): Promise<void> {
  await db.update(accountDeletions).set({ purgedAt: at }).where(eq(accountDeletions.id, id));
}
