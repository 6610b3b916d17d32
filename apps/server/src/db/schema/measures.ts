import { INSTRUMENTS } from '@rozmova/contract';
import { index, integer, pgEnum, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

export const instrumentEnum = pgEnum('measure_instrument', INSTRUMENTS);

/**
 * One completed questionnaire (PHQ-9 or GAD-7) of a patient. `content` is the answers and score as JSON, sealed like
 * clinical notes (AES-256-GCM with the key of `key_version`), so a database dump holds neither.
 */
export const measures = pgTable(
  'measures',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: instrumentEnum('instrument').notNull(),
    content: bytea('content').notNull(),
    keyVersion: integer('key_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('measures_patient_created_idx').on(t.patientId, t.createdAt, t.id)],
);
