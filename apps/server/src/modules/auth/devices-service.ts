import type { SessionItem } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { notFound } from '../../lib/errors.js';
import { describeAgent } from './devices.js';
import { liveSessions, otherLiveSessionIds, ownsLiveSession } from './devices-repository.js';

/** Every signed-in device of the account, this one marked. */
export async function listSessions(ctx: ViewerContext, currentId: string): Promise<SessionItem[]> {
  const rows = await liveSessions(ctx.db, ctx.user.id, ctx.clock.instant());
  return rows.map((r) => ({
    id: r.id,
    ...describeAgent(r.userAgent),
    network: r.network,
    firstSeen: r.createdAt.toISOString(),
    lastSeen: (r.lastSeenAt ?? r.createdAt).toISOString(),
    current: r.id === currentId,
  }));
}

/** Ends one of the account's sessions at once, its sockets too; another account's session is not found. */
export async function endSession(ctx: ViewerContext, sessionId: string): Promise<void> {
  if (!(await ownsLiveSession(ctx.db, ctx.user.id, sessionId, ctx.clock.instant()))) throw notFound('Session');
  await ctx.tokens.revoke(sessionId);
}

/** Signs out everywhere but here. */
export async function endOtherSessions(ctx: ViewerContext, currentId: string): Promise<{ ended: number }> {
  const ids = await otherLiveSessionIds(ctx.db, ctx.user.id, currentId, ctx.clock.instant());
  for (const id of ids) await ctx.tokens.revoke(id);
  return { ended: ids.length };
}
