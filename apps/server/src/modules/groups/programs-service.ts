import { randomUUID } from 'node:crypto';
import { type createGroupBodySchema, formatTime, type GroupProgram, type updateGroupBodySchema } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { runsGroup } from '../../access/groups.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { AppError, badRequest, conflict, notFound, stale } from '../../lib/errors.js';
import { addDays } from '../../lib/time.js';
import { addMinutes, instantOf, wallOf } from '../../lib/zoned.js';
import { notifyGroup } from '../notifications/group-news-service.js';
import { sendSoon } from '../notifications/service.js';
import * as busy from './busy-repository.js';
import { overlapError } from './overlap.js';
import { toProgram } from './present.js';
import * as repo from './programs-repository.js';
import { cancelFutureSessions } from './sessions-repository.js';

type CreateBody = z.output<typeof createGroupBodySchema>;
type UpdateBody = z.output<typeof updateGroupBodySchema>;

/**
 * The sessions' instants: the first as asked, then every `repeatDays` days at the same time on the psychologist's
 * wall clock, so a weekly 18:00 group stays at 18:00 across a daylight-saving change.
 */
function plannedSpans(ctx: ViewerContext, body: CreateBody): { startsAt: Date; endsAt: Date }[] {
  const first = new Date(body.firstStartsAt);
  if (first <= ctx.clock.instant()) throw badRequest('body.firstStartsAt', 'The first session must start in the future');
  const zone = timeZoneOf(ctx, ctx.user);
  const wall = wallOf(first, zone);
  return Array.from({ length: body.sessionCount }, (_, i) => {
    const date = addDays(wall.date, i * body.repeatDays);
    const startsAt = i === 0 ? first : instantOf({ date, minute: wall.minute }, zone);
    if (!startsAt) {
      throw badRequest('body.firstStartsAt', `${date} ${formatTime(wall.minute)} does not exist in ${zone}: the clock skips it`);
    }
    return { startsAt, endsAt: addMinutes(startsAt, body.durationMinutes) };
  });
}

/** One of the psychologist's programs with its sessions; anyone else's is 404. */
export async function getProgram(ctx: ViewerContext, id: number): Promise<GroupProgram> {
  const row = await repo.findProgram(ctx.db, id, runsGroup(ctx.user.id));
  if (!row) throw notFound('Group');
  return toProgram(ctx, row, await repo.sessionsOf(ctx.db, [id]));
}

export async function listPrograms(ctx: ViewerContext): Promise<GroupProgram[]> {
  const rows = await repo.listPrograms(ctx.db, runsGroup(ctx.user.id));
  const sessions = await repo.sessionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toProgram(ctx, row, sessions));
}

/**
 * A verified psychologist creates a program and all its sessions at once; the sessions take the psychologist's time,
 * so one that overlaps their individual sessions or another group is refused (409 OVERLAP naming the clash) and
 * nothing is created.
 */
export async function createProgram(ctx: ViewerContext, body: CreateBody): Promise<GroupProgram> {
  const psychologistId = ctx.user.id;
  if (!(await repo.isVerified(ctx.db, psychologistId))) {
    throw new AppError(403, 'PSYCHOLOGIST_UNVERIFIED', 'Groups can be created once the platform has checked your documents');
  }
  const spans = plannedSpans(ctx, body);
  const now = ctx.clock.instant();
  const { firstStartsAt: _, sessionCount: __, repeatDays: ___, ...fields } = body;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const programId = await repo.insertProgram(tx, { ...fields, psychologistId, createdAt: now });
      const sessions = await repo.insertSessions(
        tx,
        spans.map((s) => ({ ...s, programId, psychologistId, videoCallRoomId: randomUUID(), scheduledAt: now })),
      );
      await busy.takePsychologistTime(tx, psychologistId, sessions);
      return programId;
    });
    return await getProgram(ctx, id);
  } catch (err) {
    throw await overlapError(ctx, err, { psychologist: { userId: psychologistId, side: 'PSYCHOLOGIST', spans } });
  }
}

/** Title, description and capacity; capacity never below the members enrolled (409 CONFLICT); a stale version 409 STALE. */
export async function updateProgram(ctx: ViewerContext, input: { id: number; body: UpdateBody }): Promise<GroupProgram> {
  const outcome = await repo.updateProgram(ctx.db, { id: input.id, allowed: runsGroup(ctx.user.id), ...input.body });
  if (outcome === 'missing') throw notFound('Group');
  if (outcome === 'stale') throw stale('The group');
  if (outcome === 'too-small') throw conflict('CONFLICT', 'The capacity cannot be lower than the number of members');
  return getProgram(ctx, input.id);
}

/** Ends a running program: its sessions still ahead are canceled and free everyone's time; the members are told. */
export async function endProgram(ctx: ViewerContext, id: number): Promise<GroupProgram> {
  const allowed = runsGroup(ctx.user.id);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.instant();
    if (!(await repo.endProgram(tx, id, allowed, now))) {
      if (!(await repo.findProgram(tx, id, allowed))) throw notFound('Group');
      throw conflict('CONFLICT', 'This group has already ended');
    }
    await busy.freeSessionTime(tx, await cancelFutureSessions(tx, id, now));
    await notifyGroup(ctx, tx, { kind: 'ENDED', programId: id });
  });
  sendSoon(ctx);
  return getProgram(ctx, id);
}
