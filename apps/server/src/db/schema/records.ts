import { AUDIT_ACTIONS, PRIVACY_LEVELS } from '@rozmova/contract';
import { bigserial, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { roleEnum, users } from './users.js';

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
  },
  (t) => [
    index('records_author_created_idx').on(t.authorId, t.createdAt),
    index('records_patient_created_idx').on(t.patientId, t.createdAt),
  ],
);

export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);

/**
 * Append-only trail of changes to clinical notes and of reads by anyone but the author. No foreign keys: the trail
 * must outlive the notes and accounts it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    role: roleEnum('role'),
    action: auditActionEnum('action').notNull(),
    recordId: integer('record_id').notNull(),
    patientId: integer('patient_id'),
    ip: text('ip'),
  },
  (t) => [index('audit_events_at_idx').on(t.at), index('audit_events_record_idx').on(t.recordId)],
);
