import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

export const patientProfiles = pgTable('patient_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  aboutMe: text('about_me').notNull().default(''),
  therapyGoals: text('therapy_goals').notNull().default(''),
  /** Where crisis help is offered (CRISIS_COUNTRIES); null follows the patient's time zone. */
  country: text('country'),
});

export const psychologistProfiles = pgTable('psychologist_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  experience: integer('experience'),
  therapyTypes: text('therapy_types').array().notNull().default([]),
  /** The languages the psychologist works in (WORK_LANGUAGES codes); patients' search filters by them. */
  languages: text('languages').array().notNull().default([]),
  specialties: text('specialties').notNull().default(''),
  education: text('education').notNull().default(''),
  certificates: text('certificates').notNull().default(''),
  description: text('description').notNull().default(''),
  /**
   * The platform has checked the psychologist's diploma and licence; only verified psychologists are offered in
   * search and bookable. Onboarding leaves it false; an admin sets it; staff-made (CLI, demo) accounts start verified.
   */
  verified: boolean('verified').notNull().default(false),
  /**
   * Why an admin last rejected the documents; null when they were not rejected (or new documents came since). With
   * `verified` it makes the state: verified is APPROVED, a reason REJECTED, neither PENDING.
   */
  rejectionReason: text('rejection_reason'),
  /** When an admin last approved, rejected or withdrew the verification. */
  verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
});

/** Avatars live in the database so every server process can serve them. */
export const avatars = pgTable('avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
