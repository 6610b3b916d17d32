import { and, count, eq, gt, isNotNull, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mfaChallenges, mfaRecoveryCodes, mfaTotp, passkeys, type UserRow, users } from '../../db/schema/index.js';

export type TotpRow = typeof mfaTotp.$inferSelect;

export async function findTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
  return row;
}

/** A new unconfirmed secret replaces an unconfirmed one; a confirmed one stays (undefined then). */
export async function saveUnconfirmedTotp(
  db: Db,
  row: { userId: number; secret: Uint8Array; keyVersion: number },
  now: Date,
): Promise<boolean> {
  const saved = await db
    .insert(mfaTotp)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({
      target: mfaTotp.userId,
      set: { secret: row.secret, keyVersion: row.keyVersion, lastTimeStep: null, createdAt: now },
      setWhere: isNull(mfaTotp.confirmedAt),
    })
    .returning({ userId: mfaTotp.userId });
  return saved.length === 1;
}

/**
 * Takes a code's time step if it is newer than every step taken before, so of two uses of one code (even at once) only
 * one passes.
 */
export async function takeTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaTotp)
    .set({ lastTimeStep: step })
    .where(and(eq(mfaTotp.userId, userId), or(isNull(mfaTotp.lastTimeStep), lt(mfaTotp.lastTimeStep, step))))
    .returning({ userId: mfaTotp.userId });
  return rows.length === 1;
}

export async function confirmTotp(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaTotp)
    .set({ confirmedAt: now })
    .where(and(eq(mfaTotp.userId, userId), isNull(mfaTotp.confirmedAt)))
    .returning({ userId: mfaTotp.userId });
  return rows.length === 1;
}

/** Removes the authenticator app and the recovery codes that came with it. */
export async function deleteTotp(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    const rows = await tx.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ userId: mfaTotp.userId });
    return rows.length === 1;
  });
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Spends an unused recovery code; only one of several concurrent callers gets true. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

/** The account's second factors: a confirmed authenticator app, unused recovery codes, passkeys. */
export async function factorCounts(db: Db, userId: number) {
  const [totp] = await db
    .select({ n: count() })
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)));
  const [codes] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return { totp: totp.n > 0, recoveryCodesLeft: codes.n, passkeys: keys.n };
}

export async function hasConfirmedTotp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: mfaTotp.userId })
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/** Opens a second-step challenge; challenges over a quarter of an hour past their end are swept. */
export async function insertChallenge(db: Db, row: { tokenHash: string; userId: number; expiresAt: Date }, now: Date) {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date(now.getTime() - 15 * 60_000)));
  await db.insert(mfaChallenges).values(row);
}

export async function findChallenge(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), gt(mfaChallenges.expiresAt, now)))
    .limit(1);
  return row;
}

/** Wrong second-step codes of the account over its challenges of the last quarter of an hour. */
export async function recentWrongTries(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sum(mfaChallenges.attempts) })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), gt(mfaChallenges.expiresAt, new Date(now.getTime() - 15 * 60_000))));
  return Number(row?.n ?? 0);
}

export async function countChallengeTry(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.tokenHash, tokenHash));
}

/** Ends a challenge answered rightly (its expiry set to now, so its wrong tries still count for the account). */
export async function spendChallenge(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ expiresAt: now })
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), gt(mfaChallenges.expiresAt, now)))
    .returning({ userId: mfaChallenges.userId });
  return rows.length === 1;
}

export async function findAccount(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
