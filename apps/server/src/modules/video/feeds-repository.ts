import { and, eq, gt, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { callFeeds } from '../../db/schema/index.js';

/** Gives the account a new feed id in the room: from now on its newest. */
export async function issueFeed(db: Db, roomId: string, userId: number, feedId: number, at: Date): Promise<void> {
  await db.insert(callFeeds).values({ roomId, feedId, userId, issuedAt: at });
}

const newer = alias(callFeeds, 'newer');

/** The owners of those of these feed ids (all without) that are their account's newest in the room. */
export function feedOwners(db: Db, roomId: string, feedIds?: number[]) {
  return db
    .select({ feed: callFeeds.feedId, userId: callFeeds.userId })
    .from(callFeeds)
    .where(
      and(
        eq(callFeeds.roomId, roomId),
        feedIds && inArray(callFeeds.feedId, feedIds),
        notExists(
          db
            .select({ one: newer.feedId })
            .from(newer)
            .where(and(eq(newer.roomId, callFeeds.roomId), eq(newer.userId, callFeeds.userId), gt(newer.seq, callFeeds.seq))),
        ),
      ),
    );
}

/** Every feed id ever given in the room. */
export async function issuedFeeds(db: Db, roomId: string): Promise<Set<number>> {
  const rows = await db.select({ feed: callFeeds.feedId }).from(callFeeds).where(eq(callFeeds.roomId, roomId));
  return new Set(rows.map((r) => r.feed));
}
