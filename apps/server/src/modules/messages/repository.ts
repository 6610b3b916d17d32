import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { memberOf } from '../../access/groups.js';
import { mayMessage, mayOverseeConversations, mayReadConversation, mayWriteConversation } from '../../access/messages.js';
import type { Db } from '../../db/client.js';
import {
  conversationReads,
  conversations,
  groupPrograms,
  messageAttachments,
  messageAutoReplies,
  messages,
  type UserRow,
  users,
} from '../../db/schema/index.js';

/**
 * The outer conversation's id, written out with its table: a subquery's own columns would shadow an unqualified "id"
 * (Drizzle leaves columns unqualified in a query of one table).
 */
const outerId = sql.raw('"conversations"."id"');

/** Messages of the other side the reader has not read, in the conversation of the row. */
const unreadFor = (userId: number) =>
  sql<number>`(select count(*) from messages um where um.conversation_id = ${outerId} and um.sender_id <> ${userId} and um.id > coalesce((select cr.last_read_message_id from conversation_reads cr where cr.conversation_id = ${outerId} and cr.user_id = ${userId}), 0))`.mapWith(
    Number,
  );

/** The other party: for the psychologist the patient (their own group: themself), for a patient the psychologist. */
const otherId = (userId: number) =>
  sql`case when ${conversations.psychologistId} = ${userId} then coalesce(${conversations.patientId}, ${conversations.psychologistId}) else ${conversations.psychologistId} end`;

export type ConversationRow = {
  id: number;
  kind: 'DIRECT' | 'GROUP';
  psychologistId: number;
  patientId: number | null;
  programId: number | null;
  groupTitle: string | null;
  lastMessageAt: Date | null;
  closedAt: Date | null;
  unread: number;
  otherId: number;
  otherFirstName: string;
  otherLastName: string;
  otherRole: string | null;
  otherTimeZone: string | null;
  canWrite: boolean;
};

const rowColumns = (viewer: UserRow) => ({
  id: conversations.id,
  kind: conversations.kind,
  psychologistId: conversations.psychologistId,
  patientId: conversations.patientId,
  programId: conversations.programId,
  groupTitle: groupPrograms.title,
  lastMessageAt: conversations.lastMessageAt,
  closedAt: conversations.closedAt,
  unread: unreadFor(viewer.id),
  otherId: users.id,
  otherFirstName: users.firstName,
  otherLastName: users.lastName,
  otherRole: users.role,
  otherTimeZone: users.timeZone,
  canWrite: sql<boolean>`(${mayWriteConversation(viewer)})`.mapWith(Boolean),
});

const withParties = (db: Db, viewer: UserRow) =>
  db
    .select(rowColumns(viewer))
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId(viewer.id)))
    .leftJoin(groupPrograms, eq(groupPrograms.id, conversations.programId));

/** One page of the conversations the viewer may read, the latest message first, with how many there are. */
export async function listReadable(
  db: Db,
  viewer: UserRow,
  page: { limit: number; offset: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    withParties(db, viewer)
      .where(mayReadConversation(viewer))
      .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(conversations).where(mayReadConversation(viewer)),
  ]);
  return { rows: rows as ConversationRow[], total: totals.total };
}

/** A conversation the viewer may read; undefined for any other, or none. */
export async function readable(db: Db, viewer: UserRow, id: number): Promise<ConversationRow | undefined> {
  const [row] = await withParties(db, viewer).where(and(eq(conversations.id, id), mayReadConversation(viewer)));
  return row as ConversationRow | undefined;
}

/** Unread messages of the viewer across every conversation they may read. */
export async function unreadTotal(db: Db, viewer: UserRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadFor(viewer.id)}), 0)`.mapWith(Number) })
    .from(conversations)
    .where(mayReadConversation(viewer));
  return row.n;
}

/** Whether the psychologist and the patient may write to each other (both enabled, in their roles). */
export async function pairMayMessage(db: Db, psychologistId: number, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`(${mayMessage(psychologistId, patientId)})`.mapWith(Boolean) })
    .from(users)
    .where(
      and(
        eq(users.id, patientId),
        eq(users.role, 'PATIENT'),
        eq(users.enabled, true),
        sql`exists (select 1 from ${users} p where p.id = ${psychologistId} and p.role = 'PSYCHOLOGIST' and p.enabled)`,
      ),
    );
  return row?.ok === true;
}

/** The direct conversation of a pair, made if it does not exist yet; answers its id and whether it is new. */
export async function ensureDirect(db: Db, pair: { psychologistId: number; patientId: number; now: Date }) {
  const inserted = await db
    .insert(conversations)
    .values({ kind: 'DIRECT', psychologistId: pair.psychologistId, patientId: pair.patientId, createdAt: pair.now })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (inserted.length > 0) return { id: inserted[0].id, created: true };
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.kind, 'DIRECT'),
        eq(conversations.psychologistId, pair.psychologistId),
        eq(conversations.patientId, pair.patientId),
      ),
    );
  return { id: row.id, created: false };
}

/** The group announcements' conversation of a program, made if it does not exist yet. */
export async function ensureGroup(db: Db, group: { psychologistId: number; programId: number; now: Date }) {
  await db
    .insert(conversations)
    .values({ kind: 'GROUP', psychologistId: group.psychologistId, programId: group.programId, createdAt: group.now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.kind, 'GROUP'), eq(conversations.programId, group.programId)));
  return row.id;
}

/** Whether the viewer may write to the conversation now. */
export async function writable(db: Db, viewer: UserRow, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, id), mayWriteConversation(viewer)));
  return row !== undefined;
}

export type NewMessage = {
  conversationId: number;
  senderId: number;
  key: string;
  body: Uint8Array;
  keyVersion: number;
  createdAt: Date;
};

export async function insertMessage(db: Db, m: NewMessage): Promise<number> {
  const [row] = await db.insert(messages).values(m).returning({ id: messages.id });
  await db.update(conversations).set({ lastMessageAt: m.createdAt }).where(eq(conversations.id, m.conversationId));
  return row.id;
}

/** How many messages the sender wrote since a moment, and the oldest of them. */
export async function sentSince(db: Db, senderId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since)))
    .orderBy(messages.createdAt);
  return rows.map((r) => r.at);
}

export type MessageRow = {
  id: number;
  conversationId: number;
  senderId: number;
  key: string;
  body: Uint8Array;
  keyVersion: number;
  createdAt: Date;
};

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  key: messages.key,
  body: messages.body,
  keyVersion: messages.keyVersion,
  createdAt: messages.createdAt,
};

/** Up to `limit` messages of a conversation (the caller has checked the reader), newest first, older than `before`. */
export function page(db: Db, conversationId: number, q: { before?: number; limit: number }): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), q.before === undefined ? undefined : lt(messages.id, q.before)))
    .orderBy(desc(messages.id))
    .limit(q.limit);
}

export async function insertAttachment(
  db: Db,
  a: { messageId: number; fileName: string; contentType: string; size: number; content: Uint8Array; keyVersion: number },
): Promise<number> {
  const [row] = await db.insert(messageAttachments).values(a).returning({ id: messageAttachments.id });
  return row.id;
}

/** An attachment of a message in the conversation (the caller has checked the reader), with its sealed content. */
export async function attachmentIn(db: Db, conversationId: number, attachmentId: number) {
  const [row] = await db
    .select({
      id: messageAttachments.id,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      content: messageAttachments.content,
      keyVersion: messageAttachments.keyVersion,
      key: messages.key,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, attachmentId), eq(messages.conversationId, conversationId)));
  return row;
}

export async function attachmentsOf(db: Db, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds));
}

/** The furthest another reader of the conversation has read (for "read" marks on one's own messages). */
export async function otherReadUpTo(db: Db, conversationId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${conversationReads.lastReadMessageId}), 0)`.mapWith(Number) })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), sql`${conversationReads.userId} <> ${userId}`));
  return row.id;
}

/** How far one reader has read a conversation (0: nothing yet). */
export async function lastReadOf(db: Db, conversationId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: conversationReads.lastReadMessageId })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)));
  return row?.id ?? 0;
}

/** Marks every message of the conversation read by the reader, up to its newest now. */
export async function markRead(db: Db, conversationId: number, userId: number, at: Date): Promise<void> {
  const [latest] = await db
    .select({ id: sql<number>`coalesce(max(${messages.id}), 0)`.mapWith(Number) })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadMessageId: latest.id, readAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
        readAt: at,
      },
    });
}

/** Closes (or reopens) a conversation of the psychologist's. */
export async function setClosed(db: Db, id: number, closedAt: Date | null): Promise<void> {
  await db.update(conversations).set({ closedAt }).where(eq(conversations.id, id));
}

/** Every message in the conversations a person takes part in (directly, or as a group's psychologist), for their export. */
export function messagesOfUser(db: Db, userId: number) {
  return db
    .select({ ...messageColumns, kind: conversations.kind, programId: conversations.programId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(or(eq(conversations.patientId, userId), eq(conversations.psychologistId, userId), eq(messages.senderId, userId)))
    .orderBy(messages.conversationId, messages.id);
}

/** The outside of one account's conversations (as either side, or its group's psychologist), for an admin. */
export function oversight(db: Db, viewer: UserRow, userId: number) {
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      psychologistId: conversations.psychologistId,
      patientId: conversations.patientId,
      programId: conversations.programId,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
      closedAt: conversations.closedAt,
      messages: sql<number>`(select count(*) from messages om where om.conversation_id = ${outerId})`.mapWith(Number),
      attachments:
        sql<number>`(select count(*) from message_attachments oa join messages om on om.id = oa.message_id where om.conversation_id = ${outerId})`.mapWith(
          Number,
        ),
      bytes:
        sql<number>`(select coalesce(sum(length(om.body)), 0) from messages om where om.conversation_id = ${outerId}) + (select coalesce(sum(oa.size), 0) from message_attachments oa join messages om on om.id = oa.message_id where om.conversation_id = ${outerId})`.mapWith(
          Number,
        ),
    })
    .from(conversations)
    .where(
      and(mayOverseeConversations(viewer), or(eq(conversations.psychologistId, userId), eq(conversations.patientId, userId))),
    )
    .orderBy(desc(conversations.id));
}

/** Deletes an account's direct conversations (either side), its group announcements' and the messages it sent. */
export async function deleteAllOf(db: Db, userId: number): Promise<void> {
  await db.delete(messages).where(eq(messages.senderId, userId));
  await db.delete(conversations).where(or(eq(conversations.patientId, userId), eq(conversations.psychologistId, userId)));
}

export type AutoReplyRow = { mode: 'OFF' | 'AWAY' | 'HOURS'; awayUntil: Date | null; text: string };

export async function autoReplyOf(db: Db, psychologistId: number): Promise<AutoReplyRow | undefined> {
  const [row] = await db
    .select({ mode: messageAutoReplies.mode, awayUntil: messageAutoReplies.awayUntil, text: messageAutoReplies.text })
    .from(messageAutoReplies)
    .where(eq(messageAutoReplies.psychologistId, psychologistId));
  return row;
}

export async function setAutoReply(db: Db, psychologistId: number, r: AutoReplyRow, at: Date): Promise<void> {
  await db
    .insert(messageAutoReplies)
    .values({ psychologistId, ...r, updatedAt: at })
    .onConflictDoUpdate({ target: messageAutoReplies.psychologistId, set: { ...r, updatedAt: at } });
}

/**
 * Whom a group's conversation reaches: its members now, by the access rule of membership (the groups module calls
 * this one to announce, so it cannot be asked in turn).
 */
export async function groupReaderIds(db: Db, programId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(memberOf(users.id, sql`${programId}`));
  return rows.map((r) => r.id);
}
