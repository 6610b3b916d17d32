import type { ChatMessageEvent } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import { open, seal } from '../../lib/records-cipher.js';
import * as repo from './chat-repository.js';

/** Messages a rejoining browser gets back, at most (as many as the call screen keeps). */
export const CHAT_HISTORY = 200;
/** An ad-hoc room has no window: its chat is kept this long. */
const AD_HOC_KEPT_MS = 2 * 60 * 60_000;

/** Binds a sealed message to its room: moved to another room's row, it will not open. */
const aadOf = (roomId: string) => `call-chat:${roomId}`;

/** Keeps a message relayed in a room until the room closes (`closesAt`; null: an ad-hoc room). */
export async function keepChat(ctx: AppContext, message: ChatMessageEvent, userId: number, closesAt: Date | null): Promise<void> {
  const sentAt = new Date(message.sentAt);
  const sealed = seal(ctx.config.recordsKeyring, message.message, aadOf(message.room));
  await repo.insert(ctx.db, {
    roomId: message.room,
    userId,
    fromPeer: message.from,
    senderFirstName: message.senderFirstName,
    senderLastName: message.senderLastName,
    senderEmail: message.senderEmail,
    content: sealed.content,
    keyVersion: sealed.keyVersion,
    sentAt,
    expiresAt: closesAt ?? new Date(sentAt.getTime() + AD_HOC_KEPT_MS),
  });
}

/** The room's chat so far, newest first, as the call screen shows it. */
export async function chatOf(ctx: AppContext, roomId: string): Promise<ChatMessageEvent[]> {
  const rows = await repo.ofRoom(ctx.db, roomId, ctx.clock.instant(), CHAT_HISTORY);
  return rows.map((r) => ({
    from: r.fromPeer,
    room: r.roomId,
    message: open(ctx.config.recordsKeyring, r, aadOf(r.roomId)),
    senderFirstName: r.senderFirstName,
    senderLastName: r.senderLastName,
    senderEmail: r.senderEmail,
    sentAt: r.sentAt.toISOString(),
  }));
}

/** Deletes the chat of rooms that have closed. */
export const purgeChat = (ctx: AppContext) => repo.purge(ctx.db, ctx.clock.instant());
