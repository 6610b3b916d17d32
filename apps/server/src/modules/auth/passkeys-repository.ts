import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys, webauthnChallenges } from '../../db/schema/index.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function insertChallenge(db: Db, row: typeof webauthnChallenges.$inferInsert, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(row);
}

/** Takes a live challenge once: only one answer can use it. */
export async function takeChallenge(db: Db, id: string, now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  return row;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** Stores a passkey; undefined when that credential is registered already. */
export async function insertPasskey(db: Db, row: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [saved] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Records a use: the authenticator's new signature counter and when. */
export async function markUsed(db: Db, id: number, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}
