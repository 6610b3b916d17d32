import { and, eq } from 'drizzle-orm';
import { mayViewAvatarOf } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { avatars, type UserRow, users } from '../../db/schema/index.js';

export type AvatarRow = typeof avatars.$inferSelect;

export async function findAvatar(db: Db, userId: number): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId)).limit(1);
  return row;
}

/** Inserts or replaces the user's one avatar. */
export async function upsertAvatar(
  db: Db,
  userId: number,
  contentType: string,
  data: Uint8Array,
  updatedAt: Date,
): Promise<void> {
  await db
    .insert(avatars)
    .values({ userId, contentType, data, updatedAt })
    .onConflictDoUpdate({ target: avatars.userId, set: { contentType, data, updatedAt } });
}

/** The owner's avatar if the viewer may see it (access/relations.ts decides); undefined alike when missing or hidden. */
export async function findVisibleAvatar(db: Db, viewer: UserRow, ownerId: number): Promise<AvatarRow | undefined> {
  const [row] = await db
    .select({ avatar: avatars })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.userId))
    .where(and(eq(avatars.userId, ownerId), mayViewAvatarOf(viewer)))
    .limit(1);
  return row?.avatar;
}
