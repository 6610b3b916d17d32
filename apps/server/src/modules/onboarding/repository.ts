import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import type { UserPatch } from '../users/service.js';

/** Completes a profile that is not complete yet; undefined when it already was. */
export async function markProfileCompleted(db: Db, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, profileCompleted: true })
    .where(and(eq(users.id, id), eq(users.profileCompleted, false)))
    .returning();
  return row;
}
