import type { AdminGroup, Page, PageQuery } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { ALL } from '../../access/relations.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import * as repo from './admin-repository.js';
import { toSession } from './present.js';
import { sessionsOf } from './programs-repository.js';

/**
 * Every program for admins, newest first: who runs it, how full it is, when it next meets and all its sessions, which
 * an admin may cancel (never its members).
 */
export async function listAllGroups(ctx: ViewerContext, query: PageQuery): Promise<Page<AdminGroup>> {
  const { rows, total } = await repo.listAllPrograms(ctx.db, ALL, pageWindow(query));
  const sessions = await sessionsOf(
    ctx.db,
    rows.map((r) => r.program.id),
  );
  const now = ctx.clock.instant();
  const content = rows.map(({ program, psychologist }): AdminGroup => {
    const own = sessions.filter((s) => s.programId === program.id);
    // In start order: the first confirmed one that has not ended.
    const next = own.find((s) => s.status === 'CONFIRMED' && s.endsAt > now);
    return {
      id: program.id,
      title: program.title,
      therapyType: program.therapyType as AdminGroup['therapyType'],
      enrolment: program.enrolment,
      status: program.status,
      capacity: program.capacity,
      memberCount: program.memberCount,
      psychologist,
      nextSession: next ? toSession(ctx, next, false) : null,
      sessions: own.map((s) => toSession(ctx, s, false)),
    };
  });
  return toPage(content, total, query);
}
