import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { users } from './users.js';

/**
 * An account's authenticator-app secret, sealed like the clinical notes (AES-256-GCM under the key of `key_version`,
 * bound to the account). Unconfirmed until a first code proves the app has it; `last_time_step` is the newest
 * 30-second step a code was accepted for, so no code is taken twice.
 */
export const mfaTotp = pgTable('mfa_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: bytea('secret').notNull(),
  keyVersion: integer('key_version').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as hashes; a new set replaces the old one. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A first factor passed, waiting for the second: the hash of the `mfaToken` handed out, short-lived, a few wrong
 * tries at most, spent once.
 */
export const mfaChallenges = pgTable('mfa_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** WebAuthn credentials (passkeys): the public key, the signature counter and the name the owner gave it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge handed to a browser, spent by the answer to it (registration or sign-in). */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey(),
  challenge: text('challenge').notNull(),
  /** The account registering a passkey; null for a sign-in. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
