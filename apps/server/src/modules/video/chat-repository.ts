import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callChatMessages } from '../../db/schema/index.js';

export type ChatRow = typeof callChatMessages.$inferSelect;

export async function insert(db: Db, row: Omit<ChatRow, 'id'>): Promise<void> {
  await db.insert(callChatMessages).values(row);
}

/** The room's messages still kept at `now`, newest first. */
export function ofRoom(db: Db, roomId: string, now: Date, limit: number): Promise<ChatRow[]> {
  return db
    .select()
    .from(callChatMessages)
    .where(and(eq(callChatMessages.roomId, roomId), gt(callChatMessages.expiresAt, now)))
    .orderBy(desc(callChatMessages.sentAt), desc(callChatMessages.id))
    .limit(limit);
}

export async function purge(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(callChatMessages)
    .where(lte(callChatMessages.expiresAt, now))
    .returning({ id: callChatMessages.id });
  return gone.length;
}
