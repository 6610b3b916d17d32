import { randomUUID } from 'node:crypto';
import {
  type AdminConversation,
  type AutoReply,
  type ClinicalRecord,
  type Conversation,
  type ConversationDetail,
  type ConversationsPage,
  type CrisisHelp,
  MESSAGES_PER_HOUR,
  type Message,
  type MessagesPage,
  type MessagesQuery,
  type PageQuery,
  type StartConversationBody,
} from '@rozmova/contract';
import escapeHtml from 'escape-html';
import { audit } from '../../access/audit.js';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { badRequest, forbidden, notFound, RateLimitedError } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { open, openBytes, seal, sealBytes } from '../../lib/records-cipher.js';
import type { StoredFile } from '../../lib/send-file.js';
import { notifyConversationMessage, sendSoon } from '../notifications/service.js';
import { crisisHelpOf } from '../patient/service.js';
import { worksAt } from '../psychologist/schedule-service.js';
import { create as createRecord } from '../records/service.js';
import * as repo from './repository.js';

const HOUR_MS = 3_600_000;
const aad = (key: string) => `message:${key}`;
const attachmentAad = (key: string) => `message-attachment:${key}`;

function present(row: repo.ConversationRow): Conversation {
  return {
    id: row.id,
    kind: row.kind,
    other: {
      id: row.otherId,
      firstName: row.otherFirstName,
      lastName: row.otherLastName,
      role: row.otherRole === 'PSYCHOLOGIST' ? 'PSYCHOLOGIST' : 'PATIENT',
    },
    groupTitle: row.kind === 'GROUP' ? row.groupTitle : null,
    programId: row.programId,
    unread: row.unread,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    closed: row.closedAt !== null,
    canWrite: row.canWrite,
  };
}

export async function listConversations(ctx: ViewerContext, query: PageQuery): Promise<ConversationsPage> {
  const [{ rows, total }, unread] = await Promise.all([
    repo.listReadable(ctx.db, ctx.user, pageWindow(query)),
    repo.unreadTotal(ctx.db, ctx.user),
  ]);
  return { ...toPage(rows.map(present), total, query), unread };
}

export async function unreadCount(ctx: ViewerContext): Promise<{ unread: number }> {
  return { unread: await repo.unreadTotal(ctx.db, ctx.user) };
}

async function readableOr404(ctx: ViewerContext, id: number): Promise<repo.ConversationRow> {
  const row = await repo.readable(ctx.db, ctx.user, id);
  if (!row) throw notFound('Conversation');
  return row;
}

/**
 * The auto-reply a patient sees before writing to the psychologist, while it applies (AWAY until its instant, HOURS
 * outside the psychologist's working hours); null when none does.
 */
async function autoReplyNow(ctx: ViewerContext, row: repo.ConversationRow): Promise<string | null> {
  if (ctx.user.id === row.psychologistId) return null;
  const r = await repo.autoReplyOf(ctx.db, row.psychologistId);
  const now = ctx.clock.instant();
  if (!r || r.mode === 'OFF' || r.text === '') return null;
  if (r.mode === 'AWAY' && (r.awayUntil === null || r.awayUntil <= now)) return null;
  // The viewer is a patient here, so the other side is the psychologist.
  const psychologist = { id: row.psychologistId, zone: timeZoneOf(ctx, { timeZone: row.otherTimeZone }) };
  if (r.mode === 'HOURS' && (await worksAt(ctx.db, psychologist, now))) return null;
  return r.text;
}

/** The crisis help of the conversation's patient: the reader's own, or for their psychologist the patient's country's. */
function crisisOf(ctx: ViewerContext, row: repo.ConversationRow): Promise<CrisisHelp> | null {
  if (ctx.user.role === 'PATIENT') return crisisHelpOf(ctx, ctx.user);
  if (row.kind !== 'DIRECT') return null;
  // Only the patient's id and zone are read.
  return crisisHelpOf(ctx, { ...ctx.user, id: row.otherId, timeZone: row.otherTimeZone });
}

export async function getConversation(ctx: ViewerContext, id: number): Promise<ConversationDetail> {
  const row = await readableOr404(ctx, id);
  return { ...present(row), autoReply: await autoReplyNow(ctx, row), crisis: await crisisOf(ctx, row) };
}

/**
 * The direct conversation of the viewer and the person they name, existing or new: a patient names a psychologist, a
 * psychologist a patient, and only where the psychologist treats the patient (anyone else: 404).
 */
export async function startConversation(
  ctx: ViewerContext,
  body: StartConversationBody,
): Promise<{ conversation: ConversationDetail; created: boolean }> {
  let pair: { psychologistId: number; patientId: number };
  if (ctx.user.role === 'PATIENT' && 'psychologistId' in body)
    pair = { psychologistId: body.psychologistId, patientId: ctx.user.id };
  else if (ctx.user.role === 'PSYCHOLOGIST' && 'patientId' in body)
    pair = { psychologistId: ctx.user.id, patientId: body.patientId };
  else throw forbidden(ctx.user.role === 'PATIENT' ? 'A patient names a psychologist' : 'A psychologist names a patient');
  if (!(await repo.pairMayMessage(ctx.db, pair.psychologistId, pair.patientId))) {
    throw notFound(ctx.user.role === 'PATIENT' ? 'Psychologist' : 'Patient');
  }
  const { id, created } = await repo.ensureDirect(ctx.db, { ...pair, now: ctx.clock.instant() });
  return { conversation: await getConversation(ctx, id), created };
}

function toMessage(
  ctx: AppContext,
  viewerId: number,
  row: repo.MessageRow,
  extra: { readUpTo: number; attachments: Message['attachments'] },
): Message {
  const mine = row.senderId === viewerId;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    mine,
    body: open(ctx.config.recordsKeyring, { content: row.body, keyVersion: row.keyVersion }, aad(row.key)),
    createdAt: row.createdAt.toISOString(),
    readByOther: mine && row.id <= extra.readUpTo,
    attachments: extra.attachments,
  };
}

/** A page of a conversation's messages, newest first; older pages through `before`. */
export async function listMessages(ctx: ViewerContext, id: number, query: MessagesQuery): Promise<MessagesPage> {
  const conversation = await readableOr404(ctx, id);
  const rows = await repo.page(ctx.db, id, { before: query.before, limit: query.size + 1 });
  const shown = rows.slice(0, query.size);
  const readUpTo = conversation.kind === 'DIRECT' ? await repo.otherReadUpTo(ctx.db, id, ctx.user.id) : 0;
  const files = await repo.attachmentsOf(
    ctx.db,
    shown.map((m) => m.id),
  );
  const content = shown.map((m) =>
    toMessage(ctx, ctx.user.id, m, {
      readUpTo,
      attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...f }) => f),
    }),
  );
  return { content, last: rows.length <= query.size };
}

/** Refuses a sender past MESSAGES_PER_HOUR in the last hour, telling when the oldest of them ages out. */
async function checkAllowance(ctx: ViewerContext, tx: Db): Promise<void> {
  const now = ctx.clock.instant();
  const recent = await repo.sentSince(tx, ctx.user.id, new Date(now.getTime() - HOUR_MS));
  if (recent.length < MESSAGES_PER_HOUR) return;
  const freeing = recent[recent.length - MESSAGES_PER_HOUR];
  const retryAfter = Math.max(1, Math.ceil((freeing.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new RateLimitedError(retryAfter, `At most ${MESSAGES_PER_HOUR} messages an hour may be sent.`);
}

/** A conversation the viewer may write to now: 404 when they may not read it, 403 when closed or read-only to them. */
export async function writableOr403(ctx: ViewerContext, id: number): Promise<repo.ConversationRow> {
  const conversation = await readableOr404(ctx, id);
  if (conversation.canWrite) return conversation;
  throw conversation.closedAt
    ? forbidden('This conversation is closed')
    : forbidden('Reply to an announcement in your own conversation with the psychologist');
}

/**
 * A bell item and a mail (the text stays out of both) for the other side of a direct conversation, or for each
 * member of a group now for its announcements.
 */
async function tellReaders(ctx: ViewerContext, tx: Db, c: repo.ConversationRow): Promise<void> {
  const toPatient = ctx.user.id === c.psychologistId;
  const recipients =
    c.kind === 'GROUP' && c.programId !== null
      ? await repo.groupReaderIds(tx, c.programId)
      : [toPatient ? (c.patientId as number) : c.psychologistId];
  for (const recipientId of recipients) {
    await notifyConversationMessage(ctx, tx, {
      conversationId: c.id,
      senderId: ctx.user.id,
      recipientId,
      as: toPatient ? 'PATIENT' : 'PSYCHOLOGIST',
      readUpTo: await repo.lastReadOf(tx, c.id, recipientId),
    });
  }
}

/**
 * An announcement to a program's members, in its conversation (made at the first one); the groups module has checked
 * that the viewer runs the program and that it has members. Answers how many members it reaches.
 */
export async function announceToGroup(ctx: ViewerContext, input: { programId: number; body: string }): Promise<{ sent: number }> {
  const id = await repo.ensureGroup(ctx.db, {
    psychologistId: ctx.user.id,
    programId: input.programId,
    now: ctx.clock.instant(),
  });
  await sendMessage(ctx, id, input.body);
  return { sent: (await repo.groupReaderIds(ctx.db, input.programId)).length };
}

/**
 * Writes a message into a conversation the viewer may write to: 404 when they may not read it, 403 when it is closed
 * or is a group's announcements they only read.
 */
export async function sendMessage(
  ctx: ViewerContext,
  id: number,
  body: string,
  file?: { fileName: string; contentType: string; data: Buffer },
): Promise<Message> {
  const conversation = await writableOr403(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    await checkAllowance(ctx, tx);
    const key = randomUUID();
    const sealed = seal(ctx.config.recordsKeyring, body, aad(key));
    const createdAt = ctx.clock.instant();
    const message = {
      conversationId: id,
      senderId: ctx.user.id,
      key,
      body: sealed.content,
      keyVersion: sealed.keyVersion,
      createdAt,
    };
    const messageId = await repo.insertMessage(tx, message);
    const attachments = file ? [await storeAttachment(ctx, tx, messageId, key, file)] : [];
    await repo.markRead(tx, id, ctx.user.id, createdAt);
    await tellReaders(ctx, tx, conversation);
    return { id: messageId, ...message, attachments };
  });
  sendSoon(ctx);
  return toMessage(ctx, ctx.user.id, row, { readUpTo: 0, attachments: row.attachments });
}

/** Seals a file with its message's key as associated data, so it cannot be moved to another message. */
async function storeAttachment(
  ctx: ViewerContext,
  tx: Db,
  messageId: number,
  key: string,
  file: { fileName: string; contentType: string; data: Buffer },
) {
  const sealed = sealBytes(ctx.config.recordsKeyring, file.data, attachmentAad(key));
  const meta = { fileName: file.fileName, contentType: file.contentType, size: file.data.length };
  const id = await repo.insertAttachment(tx, { messageId, ...meta, content: sealed.content, keyVersion: sealed.keyVersion });
  return { id, ...meta };
}

/** A file sent in a conversation the viewer may read (anyone else: 404). */
export async function attachmentFile(ctx: ViewerContext, conversationId: number, attachmentId: number): Promise<StoredFile> {
  await readableOr404(ctx, conversationId);
  const row = await repo.attachmentIn(ctx.db, conversationId, attachmentId);
  if (!row) throw notFound('Attachment');
  const data = openBytes(ctx.config.recordsKeyring, { content: row.content, keyVersion: row.keyVersion }, attachmentAad(row.key));
  return { fileName: row.fileName, contentType: row.contentType, data };
}

/** Marks the conversation read up to its newest message; answers the reader's unread messages left everywhere. */
export async function markRead(ctx: ViewerContext, id: number): Promise<{ unread: number }> {
  await readableOr404(ctx, id);
  await repo.markRead(ctx.db, id, ctx.user.id, ctx.clock.instant());
  return unreadCount(ctx);
}

/** The psychologist closes a conversation when treatment ends (it stays readable), or reopens it. */
export async function setClosed(ctx: ViewerContext, id: number, closed: boolean): Promise<ConversationDetail> {
  const row = await readableOr404(ctx, id);
  if (row.psychologistId !== ctx.user.id) throw forbidden('Only the psychologist closes a conversation');
  await repo.setClosed(ctx.db, id, closed ? ctx.clock.instant() : null);
  return getConversation(ctx, id);
}

/** An account's conversations for an admin: their outside only, and the look goes on the audit trail with it. */
export async function adminConversations(ctx: ViewerContext, userId: number): Promise<AdminConversation[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.oversight(tx, ctx.user, userId);
    await audit(ctx, tx, [{ action: 'CONVERSATIONS_READ', subjectId: userId, detail: `${rows.length} conversations` }]);
    return rows.map(({ closedAt, createdAt, lastMessageAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      lastMessageAt: lastMessageAt?.toISOString() ?? null,
      closed: closedAt !== null,
    }));
  });
}

/**
 * The psychologist keeps a direct conversation with the patient's record: a note (for themself only, DOCTOR_ONLY) of
 * every message, oldest first, each with its writer and time; files are named. The notes' own rules apply.
 */
export async function exportToRecord(ctx: ViewerContext, id: number): Promise<ClinicalRecord> {
  const c = await readableOr404(ctx, id);
  if (c.kind !== 'DIRECT' || c.patientId === null || c.psychologistId !== ctx.user.id) {
    throw forbidden('Only the psychologist of a direct conversation keeps it with the record');
  }
  const rows = (await repo.messagesOfUser(ctx.db, c.patientId)).filter((m) => m.conversationId === id);
  const files = await repo.attachmentsOf(
    ctx.db,
    rows.map((m) => m.id),
  );
  const names = new Map([
    [c.psychologistId, `${ctx.user.firstName} ${ctx.user.lastName}`.trim()],
    [c.patientId, `${c.otherFirstName} ${c.otherLastName}`.trim()],
  ]);
  const paragraphs = rows.map((m) => {
    const body = open(ctx.config.recordsKeyring, { content: m.body, keyVersion: m.keyVersion }, aad(m.key));
    const attached = files.filter((f) => f.messageId === m.id).map((f) => `[${f.fileName}]`);
    const text = [body, ...attached].filter(Boolean).map(escapeHtml).join('<br>').replaceAll('\n', '<br>');
    return `<p><strong>${escapeHtml(names.get(m.senderId) ?? '')}, ${m.createdAt.toISOString()}</strong><br>${text}</p>`;
  });
  return createRecord(ctx, { content: paragraphs.join(''), patientId: c.patientId, privacyLevel: 'DOCTOR_ONLY' });
}

/** The account is being deleted: its conversations and the messages it sent go at once (files with them). */
export const eraseMessagesOf = (ctx: Pick<AppContext, 'db'>, userId: number): Promise<void> => repo.deleteAllOf(ctx.db, userId);

export async function getAutoReply(ctx: ViewerContext): Promise<AutoReply> {
  const r = await repo.autoReplyOf(ctx.db, ctx.user.id);
  return { mode: r?.mode ?? 'OFF', awayUntil: r?.awayUntil?.toISOString() ?? null, text: r?.text ?? '' };
}

export async function setAutoReply(ctx: ViewerContext, input: AutoReply): Promise<AutoReply> {
  const awayUntil = input.awayUntil ? new Date(input.awayUntil) : null;
  if (input.mode === 'AWAY' && !awayUntil) throw badRequest('awayUntil', 'Required when away');
  await repo.setAutoReply(ctx.db, ctx.user.id, { mode: input.mode, awayUntil, text: input.text }, ctx.clock.instant());
  return getAutoReply(ctx);
}

/**
 * Every message of the conversations a person takes part in, opened, oldest first per conversation: what an export
 * of their data carries (attachments are named, not included).
 */
export async function messagesOfUser(ctx: AppContext, userId: number) {
  const rows = await repo.messagesOfUser(ctx.db, userId);
  const files = await repo.attachmentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    conversationId: r.conversationId,
    kind: r.kind,
    programId: r.programId,
    senderId: r.senderId,
    sentByUser: r.senderId === userId,
    createdAt: r.createdAt.toISOString(),
    body: open(ctx.config.recordsKeyring, { content: r.body, keyVersion: r.keyVersion }, aad(r.key)),
    attachments: files.filter((f) => f.messageId === r.id).map((f) => f.fileName),
  }));
}
