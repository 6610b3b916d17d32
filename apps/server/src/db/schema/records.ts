import { PRIVACY_LEVELS } from '@rozmova/contract';
import { date, index, integer, pgEnum, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

export const privacyLevelEnum = pgEnum('privacy_level', PRIVACY_LEVELS);

/**
 * A psychologist's clinical note. `content` is AES-256-GCM ciphertext (IV, tag, ciphertext) of the sanitised HTML,
 * sealed with the key of `key_version`, so a database dump holds no note text and keys can rotate.
 */
export const records = pgTable(
  'records',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: the author's note to themself. */
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    privacyLevel: privacyLevelEnum('privacy_level').notNull().default('DOCTOR_ONLY'),
    content: bytea('content').notNull(),
    keyVersion: integer('key_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Grows by one with every edit; an edit naming an older one is refused (409 STALE). */
    version: integer('version').notNull().default(1),
    /** A progress report's first and last day (the author's calendar days); both null for any other note. */
    reportFrom: date('report_from', { mode: 'string' }),
    reportTo: date('report_to', { mode: 'string' }),
  },
  (t) => [
    index('records_author_created_idx').on(t.authorId, t.createdAt),
    index('records_patient_created_idx').on(t.patientId, t.createdAt),
  ],
);
