import type { GroupSearchPage, groupSearchQuerySchema, PublicGroup } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { mayViewGroup } from '../../access/groups.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { notFound } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { addDays } from '../../lib/time.js';
import { startOfDay } from '../../lib/zoned.js';
import { programCore, toSession } from './present.js';
import { type SessionRow, sessionsOf } from './programs-repository.js';
import * as repo from './search-repository.js';

type SearchQuery = z.output<typeof groupSearchQuerySchema>;

/** A program as a patient sees it: its psychologist and the sessions not yet over, never its members. */
function toPublic(ctx: ViewerContext, row: repo.PublicRow, sessions: SessionRow[]): PublicGroup {
  const now = ctx.clock.instant();
  return {
    ...programCore(row.program),
    psychologist: { ...row.psychologist, timeZone: timeZoneOf(ctx, row.psychologist) },
    member: row.member,
    sessions: sessions
      .filter((s) => s.programId === row.program.id && s.endsAt > now)
      .map((s) => toSession(ctx, s, row.member && s.status === 'CONFIRMED')),
  };
}

/**
 * The programs a patient may join: open, running, with a seat left and a session ahead (within the dates asked, on
 * the caller's wall clock), soonest first.
 */
export async function searchGroups(ctx: ViewerContext, query: SearchQuery): Promise<GroupSearchPage> {
  const zone = timeZoneOf(ctx, ctx.user);
  const filter = {
    therapyType: query.therapyType,
    now: ctx.clock.instant(),
    from: query.startDate === undefined ? undefined : startOfDay(query.startDate, zone),
    to: query.endDate === undefined ? undefined : startOfDay(addDays(query.endDate, 1), zone),
  };
  const { rows, total } = await repo.searchOpenings(ctx.db, ctx.user, filter, pageWindow(query));
  const sessions = await sessionsOf(
    ctx.db,
    rows.map((r) => r.program.id),
  );
  const { content, totalPages, last } = toPage(
    rows.map((row) => toPublic(ctx, row, sessions)),
    total,
    query,
  );
  return { content, totalPages, last };
}

/** One program the patient may see (offered, or theirs); anything else is 404. */
export async function getPublicGroup(ctx: ViewerContext, id: number): Promise<PublicGroup> {
  const row = await repo.findPublic(ctx.db, id, ctx.user, mayViewGroup(ctx.user));
  if (!row) throw notFound('Group');
  return toPublic(ctx, row, await sessionsOf(ctx.db, [id]));
}
