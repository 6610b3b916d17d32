import type { CodePurpose } from '@rozmova/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { magicLinkTokens, signInCodes } from '../../db/schema/index.js';

export type CodeRow = typeof signInCodes.$inferSelect;

/** Stores a code, replacing any earlier one for the same purpose and address; expired codes are swept. */
export async function saveCode(
  db: Db,
  code: { purpose: CodePurpose; email: string; userId: number | null; codeHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  await db
    .insert(signInCodes)
    .values({ ...code, createdAt: now })
    .onConflictDoUpdate({
      target: [signInCodes.purpose, signInCodes.email],
      set: { userId: code.userId, codeHash: code.codeHash, expiresAt: code.expiresAt, attempts: 0, createdAt: now },
    });
}

/**
 * Undoes a saveCode whose mail could not be sent: the code that was there before comes back as it was (or the row
 * goes when there was none), unless a newer code has replaced ours meanwhile.
 */
export async function restoreCode(
  db: Db,
  ours: { purpose: CodePurpose; email: string; codeHash: string },
  previous: CodeRow | undefined,
): Promise<void> {
  const mine = and(
    eq(signInCodes.purpose, ours.purpose),
    eq(signInCodes.email, ours.email),
    eq(signInCodes.codeHash, ours.codeHash),
  );
  if (!previous) {
    await db.delete(signInCodes).where(mine);
    return;
  }
  const { userId, codeHash, expiresAt, attempts, createdAt } = previous;
  await db.update(signInCodes).set({ userId, codeHash, expiresAt, attempts, createdAt }).where(mine);
}

export async function findCode(db: Db, purpose: CodePurpose, email: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(and(eq(signInCodes.purpose, purpose), eq(signInCodes.email, email)))
    .limit(1);
  return row;
}

/** Counts a wrong try unless the code is already spent; concurrent tries cannot exceed the limit. */
export async function countWrongTry(db: Db, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(eq(signInCodes.id, id), lt(signInCodes.attempts, maxTries)))
    .returning({ attempts: signInCodes.attempts });
  return row?.attempts;
}

/** Deletes a live code; only one of several concurrent callers gets true. */
export async function consumeCode(db: Db, id: number, maxTries: number, now: Date): Promise<boolean> {
  const rows = await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.id, id), lt(signInCodes.attempts, maxTries), gt(signInCodes.expiresAt, now)))
    .returning({ id: signInCodes.id });
  return rows.length === 1;
}

/** Stores a new link's token; the account's older unused links end now, so only the newest one signs in. */
export async function saveMagicToken(db: Db, token: { tokenHash: string; externalId: string; expiresAt: Date }, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(magicLinkTokens).where(lt(magicLinkTokens.expiresAt, dayAgo));
    await tx
      .update(magicLinkTokens)
      .set({ expiresAt: now })
      .where(
        and(eq(magicLinkTokens.externalId, token.externalId), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, now)),
      );
    await tx.insert(magicLinkTokens).values(token);
  });
}

/** Marks a live token used and returns its messaging account, or undefined when bad, used or expired. */
export async function redeemMagicToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(magicLinkTokens.tokenHash, tokenHash), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, now)))
    .returning({ externalId: magicLinkTokens.externalId });
  return row?.externalId;
}
