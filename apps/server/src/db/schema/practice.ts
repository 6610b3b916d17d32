import { APPOINTMENT_STATUSES, DAYS_OF_WEEK } from '@rozmova/contract';
import { date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const dayOfWeekEnum = pgEnum('day_of_week', DAYS_OF_WEEK);

/** One weekly slot; times are minutes from 00:00 in the platform time zone (1440 = 24:00). */
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
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    status: appointmentStatusEnum('status').notNull().default('CONFIRMED'),
    cancellationReason: text('cancellation_reason'),
    videoCallRoomId: text('video_call_room_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The patient's own feedback on the visit (sanitised HTML), once it has ended. */
    patientReview: text('patient_review'),
    patientReviewedAt: timestamp('patient_reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('appointments_patient_date_idx').on(t.patientId, t.date),
    // A psychologist's appointments by date; it also covers the doctor search's reads of them, answered from the
    // index alone; status is a column rather than a partial-index condition (see docs/decisions/0001-doctor-search.md).
    index('appointments_slot_cover_idx').on(t.psychologistId, t.date, t.startMinute, t.endMinute, t.status),
  ],
);
