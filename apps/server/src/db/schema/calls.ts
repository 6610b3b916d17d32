import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
