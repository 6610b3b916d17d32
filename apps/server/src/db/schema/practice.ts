import { APPOINTMENT_STATUSES, DAYS_OF_WEEK, SCHEDULE_EXCEPTION_KINDS } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const dayOfWeekEnum = pgEnum('day_of_week', DAYS_OF_WEEK);

/** One weekly slot; times are minutes from 00:00 on the psychologist's wall clock, in their zone (1440 = 24:00). */
export const scheduleSlots = pgTable(
  'schedule_slots',
  {
    id: serial('id').primaryKey(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayOfWeek: dayOfWeekEnum('day_of_week').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [uniqueIndex('schedule_slots_unique_idx').on(t.psychologistId, t.dayOfWeek, t.startMinute)],
);

export const appointmentStatusEnum = pgEnum('appointment_status', APPOINTMENT_STATUSES);

/**
 * Overlap of confirmed appointments (per psychologist and per patient) is refused by exclusion
 * constraints added in a hand-written migration, since drizzle-kit cannot express them.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The instants it starts and ends; a session lasts the same real minutes whatever the clocks do meanwhile. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: appointmentStatusEnum('status').notNull().default('CONFIRMED'),
    cancellationReason: text('cancellation_reason'),
    videoCallRoomId: text('video_call_room_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The patient's own feedback on the visit (sanitised HTML), once it has ended. */
    patientReview: text('patient_review'),
    patientReviewedAt: timestamp('patient_reviewed_at', { withTimezone: true }),
    /** Grows with each change of time or state: the calendar invite's SEQUENCE and the reminders' version. */
    sequence: integer('sequence').notNull().default(0),
    /** When it was booked or last moved: a reminder whose moment had passed by then is not sent. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    // A psychologist's appointments by time; it also covers the doctor search's reads of them, answered from the
    // index alone; status is a column rather than a partial-index condition (see docs/decisions/0001-doctor-search.md).
    index('appointments_slot_cover_idx').on(t.psychologistId, t.startsAt, t.endsAt, t.status),
    // The reminders' sweep: confirmed sessions starting within the next day.
    index('appointments_confirmed_starts_idx').on(t.startsAt).where(sql`${t.status} = 'CONFIRMED'`),
  ],
);

export const scheduleExceptionKindEnum = pgEnum('schedule_exception_kind', SCHEDULE_EXCEPTION_KINDS);

/**
 * A change to one psychologist's weekly schedule on given dates of their own wall clock: BLOCK takes every weekly
 * slot off the dates from start_date to end_date; SLOT adds one slot (start_minute to end_minute) on start_date.
 */
export const scheduleExceptions = pgTable(
  'schedule_exceptions',
  {
    id: serial('id').primaryKey(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: scheduleExceptionKindEnum('kind').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_exceptions_psychologist_idx').on(t.psychologistId, t.endDate)],
);
