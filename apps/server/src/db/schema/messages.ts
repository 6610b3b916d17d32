import { AUTO_REPLY_MODES, CONVERSATION_KINDS } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { groupPrograms } from './groups.js';
import { users } from './users.js';

export const conversationKindEnum = pgEnum('conversation_kind', CONVERSATION_KINDS);
export const autoReplyModeEnum = pgEnum('auto_reply_mode', AUTO_REPLY_MODES);

/**
 * A conversation: DIRECT between one patient and one psychologist (one such pair, one conversation), or GROUP, the
 * announcements of a group program's psychologist to its members.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    kind: conversationKindEnum('kind').notNull(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id').references(() => groupPrograms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Closed by the psychologist when treatment ended: still readable, no longer writable. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.psychologistId, t.patientId).where(sql`${t.kind} = 'DIRECT'`),
    uniqueIndex('conversations_program_idx').on(t.programId).where(sql`${t.kind} = 'GROUP'`),
    index('conversations_patient_idx').on(t.patientId),
    check(
      'conversations_kind_parties',
      sql`(${t.kind} = 'DIRECT' and ${t.patientId} is not null and ${t.programId} is null) or (${t.kind} = 'GROUP' and ${t.patientId} is null and ${t.programId} is not null)`,
    ),
  ],
);

/**
 * One message. `body` is AES-256-GCM ciphertext sealed with the notes' keyring, `key` its associated data, so a
 * database dump holds no message text and a body cannot be moved to another row.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull().unique(),
    body: bytea('body').notNull(),
    keyVersion: integer('key_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

/** A file sent with a message (a PDF or an image, checked and re-encoded on the way in), sealed like the body. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    keyVersion: integer('key_version').notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** How far each reader has read a conversation: every message up to `last_read_message_id`. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);

/** A psychologist's auto-reply, which patients see before they send. */
export const messageAutoReplies = pgTable('message_auto_replies', {
  psychologistId: integer('psychologist_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: autoReplyModeEnum('mode').notNull().default('OFF'),
  awayUntil: timestamp('away_until', { withTimezone: true }),
  text: text('text').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
