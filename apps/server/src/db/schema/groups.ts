import { ATTENDANCE_STATUSES, GROUP_ENROLMENTS, GROUP_STATUSES } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { appointments } from './practice.js';
import { users } from './users.js';

export const groupEnrolmentEnum = pgEnum('group_enrolment', GROUP_ENROLMENTS);
export const groupStatusEnum = pgEnum('group_status', GROUP_STATUSES);
export const groupSessionStatusEnum = pgEnum('group_session_status', ['CONFIRMED', 'CANCELED']);
export const attendanceStatusEnum = pgEnum('attendance_status', ATTENDANCE_STATUSES);

/** A group program a psychologist runs: its sessions are group_sessions, its patients group_members. */
export const groupPrograms = pgTable(
  'group_programs',
  {
    id: serial('id').primaryKey(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A code of THERAPY_TYPES, checked by the API as profiles' are. */
    therapyType: text('therapy_type').notNull(),
    capacity: integer('capacity').notNull(),
    enrolment: groupEnrolmentEnum('enrolment').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: groupStatusEnum('status').notNull().default('ACTIVE'),
    /** Members now; kept beside capacity so a join counts and claims a seat in one conditional update. */
    memberCount: integer('member_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('group_programs_psychologist_idx').on(t.psychologistId)],
);

export const groupSessions = pgTable(
  'group_sessions',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => groupPrograms.id, { onDelete: 'cascade' }),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: groupSessionStatusEnum('status').notNull().default('CONFIRMED'),
    videoCallRoomId: text('video_call_room_id').notNull().unique(),
    /** The calendar invite's SEQUENCE and the reminders' version, as for appointments. */
    sequence: integer('sequence').notNull().default(0),
    /** The JANUS_URL entry whose Janus holds this session's room, chosen at its first join through the media server. */
    janusServer: text('janus_server'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    index('group_sessions_program_idx').on(t.programId, t.startsAt),
    index('group_sessions_psychologist_idx').on(t.psychologistId, t.startsAt),
  ],
);

/** A patient's place in a program; a row that has left keeps its history (attendance) and frees the seat. */
export const groupMembers = pgTable(
  'group_members',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => groupPrograms.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.programId, t.patientId] }), index('group_members_patient_idx').on(t.patientId)],
);

export const groupAttendance = pgTable(
  'group_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: attendanceStatusEnum('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.patientId] })],
);

/** The psychologist's own note on one group session, sealed like records (see records.content). */
export const groupNotes = pgTable('group_notes', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => groupSessions.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  keyVersion: integer('key_version').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every confirmed hour a person is taken, whatever the kind of session: one row per participant of a confirmed
 * appointment (kept by a trigger on appointments) and per psychologist and member of a confirmed group session (kept
 * by the groups code). Exclusion constraints, added by hand in the migration, refuse two rows of one person that
 * overlap, so an individual and a group session can never collide, however the requests race.
 */
export const busyTimes = pgTable(
  'busy_times',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PSYCHOLOGIST or PATIENT: which constraint guards the row, so a refusal says whose time was taken. */
    side: text('side').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    groupSessionId: integer('group_session_id').references(() => groupSessions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('busy_times_appointment_idx').on(t.appointmentId).where(sql`${t.appointmentId} IS NOT NULL`),
    index('busy_times_group_session_idx').on(t.groupSessionId, t.userId).where(sql`${t.groupSessionId} IS NOT NULL`),
  ],
);
