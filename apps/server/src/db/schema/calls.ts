import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

/**
 * Who the psychologist let into a call room with a waiting room, and whom they removed (who cannot come back): kept
 * in the database so that every signalling process, and one started after a deploy, knows it. `room_id` is the
 * session's video room id (an appointment's or a group session's).
 */
export const callAdmissions = pgTable(
  'call_admissions',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/**
 * The feeds of a group call on the media server: with every join token the API server gives the account a new random
 * 48-bit feed id, which no one else is told, to publish under. Receivers ask whose a feed is before they show it (only
 * an account's newest answers), so a participant cannot publish under another's name; a feed under an id never given
 * is kicked.
 */
export const callFeeds = pgTable(
  'call_feeds',
  {
    roomId: text('room_id').notNull(),
    feedId: bigint('feed_id', { mode: 'number' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The order they were given in (two within one instant too): the highest of an account's is its newest. */
    seq: serial('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.feedId] }), index('call_feeds_user_idx').on(t.roomId, t.userId, t.seq)],
);

/** A call the psychologist ended for everyone: no one joins it again. */
export const callEndings = pgTable('call_endings', {
  roomId: text('room_id').primaryKey(),
  endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
});

/** A psychologist's call settings: whether patients of their one-to-one sessions wait until let in (off by default). */
export const callSettings = pgTable('call_settings', {
  psychologistId: integer('psychologist_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  waitingRoom: boolean('waiting_room').notNull().default(false),
});

/**
 * A call room's chat, kept for the room's window (`expires_at`) so that someone who rejoins reads what was said, then
 * purged. The text is sealed like clinical notes (`content`, `key_version`). Calls sealed end to end keep none.
 */
export const callChatMessages = pgTable(
  'call_chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: text('room_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPeer: text('from_peer').notNull(),
    senderFirstName: text('sender_first_name').notNull(),
    senderLastName: text('sender_last_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    content: bytea('content').notNull(),
    keyVersion: integer('key_version').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('call_chat_messages_room_idx').on(t.roomId, t.sentAt), index('call_chat_messages_expiry_idx').on(t.expiresAt)],
);
