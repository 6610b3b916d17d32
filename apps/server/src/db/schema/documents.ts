import { DOCUMENT_KINDS } from '@rozmova/contract';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

export const documentKindEnum = pgEnum('document_kind', DOCUMENT_KINDS);

/**
 * A psychologist's diploma, licence or certificate for verification. `content` is the file (an image as re-encoded)
 * sealed with the notes' keyring (IV, tag, ciphertext) under the key of `key_version`, so a database dump holds none.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: serial('id').primaryKey(),
    psychologistId: integer('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes of the file as stored, before sealing. */
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    keyVersion: integer('key_version').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /**
     * Whether the file is as the upload checks write it; false for PDFs stored before uploads were written anew without
     * their scripts, which are written anew when first opened.
     */
    rewritten: boolean('rewritten').notNull().default(true),
  },
  (t) => [index('verification_documents_psychologist_idx').on(t.psychologistId, t.id)],
);
