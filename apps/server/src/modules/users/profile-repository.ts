import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { stale } from '../../lib/errors.js';
import type { UserPatch } from './repository.js';

/**
 * Saves the user's part of their own profile and moves the profile's version on; with a `version`, only while the
 * profile is still at it (compare-and-set in the statement, so of concurrent saves of one version exactly one
 * applies), else 409 STALE. Run it first in the save's transaction: its row lock holds the other saves back.
 */
export async function saveOwnProfile(db: Db, userId: number, patch: UserPatch, version: number | undefined): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, profileVersion: sql`${users.profileVersion} + 1` })
    .where(and(eq(users.id, userId), version === undefined ? undefined : eq(users.profileVersion, version)))
    .returning();
  if (!row) throw stale('The profile');
  return row;
}

/** The user's row as stored now: a profile's version must be the stored one (the signed-in copy may be a second old). */
export async function findOwnRow(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
