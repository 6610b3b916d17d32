import type { GroupSession } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { type GroupAccess, mayManageGroup, runsGroup } from '../../access/groups.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { notifyGroup } from '../notifications/group-news-service.js';
import { sendSoon } from '../notifications/service.js';
import * as busy from './busy-repository.js';
import { overlapError } from './overlap.js';
import { toSession } from './present.js';
import * as repo from './sessions-repository.js';

async function mustFind(ctx: ViewerContext, id: number, allowed: GroupAccess): Promise<repo.SessionWithProgram> {
  const found = await repo.findSession(ctx.db, id, allowed);
  if (!found) throw notFound('Group session');
  return found;
}

/**
 * The psychologist moves one confirmed session that has not started to a new start, keeping its length. Everyone's
 * time moves with it inside the exclusion constraints: a clash with the psychologist's own sessions or a member's is
 * 409 OVERLAP and nothing changes. The calendar sequence grows; the members are told.
 */
export async function moveSession(ctx: ViewerContext, input: { id: number; startsAt: string }): Promise<GroupSession> {
  const found = await mustFind(ctx, input.id, runsGroup(ctx.user.id));
  const now = ctx.clock.instant();
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed session that has not started can be moved');
  if (found.status !== 'CONFIRMED' || found.startsAt <= now) throw refused;
  const startsAt = new Date(input.startsAt);
  if (startsAt <= now) throw badRequest('body.startsAt', 'The new time must be in the future');
  const span = { startsAt, endsAt: new Date(startsAt.getTime() + found.endsAt.getTime() - found.startsAt.getTime()) };
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.moveSession(tx, input.id, span, now))) throw refused;
      await busy.moveSessionTime(tx, input.id, span);
      const previous = { startsAt: found.startsAt, endsAt: found.endsAt };
      await notifyGroup(ctx, tx, { kind: 'SESSION_MOVED', sessionId: input.id, previous });
    });
  } catch (err) {
    throw await overlapError(ctx, err, {
      psychologist: { userId: ctx.user.id, side: 'PSYCHOLOGIST', spans: [span], exceptSessionId: input.id },
      patient: 'A member of the group already has a session at the new time',
    });
  }
  sendSoon(ctx);
  return toSession(ctx, await mustFind(ctx, input.id, runsGroup(ctx.user.id)), true);
}

/**
 * Cancels one confirmed session that has not ended (the psychologist's own, or any for an admin, on the audit trail):
 * everyone's time in it is freed, its room closes and the members are told.
 */
async function cancelSession(ctx: ViewerContext, id: number, audited: boolean): Promise<GroupSession> {
  const allowed = mayManageGroup(ctx.user);
  const found = await mustFind(ctx, id, allowed);
  const refused = conflict('NOT_CANCELABLE', 'Only a confirmed session that has not ended can be canceled');
  if (found.status !== 'CONFIRMED' || found.endsAt <= ctx.clock.instant()) throw refused;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.cancelSession(tx, id, ctx.clock.instant()))) throw refused;
    await busy.freeSessionTime(tx, [id]);
    if (audited) {
      const { psychologistId } = found.program;
      await audit(ctx, tx, [{ action: 'APPOINTMENT_CANCEL', subjectId: psychologistId, detail: `group-session:${id}` }]);
    }
    await notifyGroup(ctx, tx, { kind: 'SESSION_CANCELED', sessionId: id });
  });
  ctx.events.emit('appointmentCanceled', found.videoCallRoomId);
  sendSoon(ctx);
  return toSession(ctx, await mustFind(ctx, id, allowed), !audited);
}

export const cancelByPsychologist = (ctx: ViewerContext, id: number) => cancelSession(ctx, id, false);
export const cancelByAdmin = (ctx: ViewerContext, id: number) => cancelSession(ctx, id, true);
