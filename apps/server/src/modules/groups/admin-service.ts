import type { AdminGroup, Page, PageQuery } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { ALL } from '../../access/relations.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import * as repo from './admin-repository.js';
import { toSession } from './present.js';

/** Every program for admins, newest first: who runs it, how full it is, when it next meets (never its members). */
export async function listAllGroups(ctx: ViewerContext, query: PageQuery): Promise<Page<AdminGroup>> {
  const { rows, total } = await repo.listAllPrograms(ctx.db, ALL, pageWindow(query));
  const next = await repo.nextSessions(
    ctx.db,
    rows.map((r) => r.program.id),
    ctx.clock.instant(),
  );
  const content = rows.map(({ program, psychologist }): AdminGroup => {
    const session = next.find((s) => s.programId === program.id);
    return {
      id: program.id,
      title: program.title,
      therapyType: program.therapyType as AdminGroup['therapyType'],
      enrolment: program.enrolment,
      status: program.status,
      capacity: program.capacity,
      memberCount: program.memberCount,
      psychologist,
      nextSession: session ? toSession(ctx, session, false) : null,
    };
  });
  return toPage(content, total, query);
}
