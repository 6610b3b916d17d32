import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { users } from './schema/index.js';

/**
 * Locks the user's row until the transaction ends, so two bookings of one patient count and insert one after the
 * other. NO KEY UPDATE serialises these lockers without blocking inserts elsewhere that merely reference the user.
 * Bookings and notifications both take it, so it lives below the modules.
 */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
