import { NOTIFICATION_KINDS } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { groupSessions } from './groups.js';
import { appointments } from './practice.js';
import { users } from './users.js';

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const MAIL_STATES = ['PENDING', 'SENT', 'SKIPPED', 'FAILED'] as const;
export const mailStateEnum = pgEnum('mail_state', MAIL_STATES);

/** What a notification says beyond its kind: times and who did what, never clinical content. */
export type NotificationDetails = {
  /** The appointment's times when the notification was made, and before a move. */
  startsAt?: string;
  endsAt?: string;
  previousStartsAt?: string;
  previousEndsAt?: string;
  /** Which side of the appointment the recipient is on. */
  as?: 'PATIENT' | 'PSYCHOLOGIST';
  /** The other participant (or a message's writer), as the recipient knows them. */
  otherName?: string;
  /** Who canceled, and why. */
  by?: 'PATIENT' | 'PSYCHOLOGIST' | 'ADMIN';
  reason?: string | null;
  /** The appointment's calendar sequence this notification belongs to. */
  sequence?: number;
  videoCallRoomId?: string;
  /** The patient a risk alert is about. */
  patientId?: number;
  /** The conversation a MESSAGE tells of a new message in (its text is never copied here). */
  conversationId?: number;
  /** A group notification's program, and the sessions its mail invites to (or cancels) with their calendar sequence. */
  programId?: number;
  groupTitle?: string;
  sessions?: { id: number; sequence: number; startsAt: string; endsAt: string; videoCallRoomId: string }[];
};

/**
 * One notification to one account: the bell's list and the outbox of its mail. `key` makes each one unique (an
 * appointment, its sequence, the kind and the recipient), so two processes noticing the same due reminder make one.
 * The mail is claimed for a while (`mail_claimed_until`) by the worker sending it, so it goes out once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** The group session a notification is about (moved, canceled, a reminder); null for one about a whole program. */
    groupSessionId: integer('group_session_id').references(() => groupSessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    details: jsonb('details').$type<NotificationDetails>().notNull().default({}),
    /** Who wrote a MESSAGE: the psychologist, whose hourly allowance counts these rows. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A psychologist's message (MESSAGE), sealed with the notes' keyring; `key` is its associated data. */
    message: bytea('message'),
    messageKeyVersion: integer('message_key_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mail: mailStateEnum('mail').notNull().default('PENDING'),
    mailClaimedUntil: timestamp('mail_claimed_until', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_appointment_idx').on(t.appointmentId),
    index('notifications_group_session_idx').on(t.groupSessionId).where(sql`${t.groupSessionId} IS NOT NULL`),
    index('notifications_sender_created_idx').on(t.senderId, t.createdAt).where(sql`${t.senderId} IS NOT NULL`),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    index('notifications_mail_waiting_idx').on(t.createdAt).where(sql`${t.mail} = 'PENDING'`),
  ],
);
