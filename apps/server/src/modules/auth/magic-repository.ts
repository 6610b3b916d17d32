import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { magicLinkTokens } from '../../db/schema/index.js';

/** The messaging account of a live, unused link, without using it. */
export async function peekMagicToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ externalId: magicLinkTokens.externalId })
    .from(magicLinkTokens)
    .where(and(eq(magicLinkTokens.tokenHash, tokenHash), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, now)))
    .limit(1);
  return row?.externalId;
}
