import { PATIENT_CANCEL_NOTICE_HOURS, type PublicGroup } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { memberOf, offeredToPatients } from '../../access/groups.js';
import { retryingDeadlocks } from '../../db/overlap-error.js';
import { conflict, notFound } from '../../lib/errors.js';
import { notifyGroup } from '../notifications/group-news-service.js';
import { sendSoon } from '../notifications/service.js';
import * as busy from './busy-repository.js';
import * as members from './members-repository.js';
import { type Explanations, overlapError } from './overlap.js';
import * as programs from './programs-repository.js';
import { endProgram, listPrograms } from './programs-service.js';
import { getPublicGroup } from './search-service.js';
import { findSession } from './sessions-repository.js';

/**
 * Seats the patient in the program: the member row (ALREADY_MEMBER if there is one), one seat claimed by a conditional
 * update (GROUP_FULL when none is left) and the patient's time in each session ahead (OVERLAP when it meets their own
 * sessions), all or nothing. `byPatient`: the patient joins and accepted the agreement; else their psychologist adds them.
 */
export async function admit(
  ctx: ViewerContext,
  input: { programId: number; patientId: number; byPatient: boolean },
): Promise<void> {
  const { programId, patientId } = input;
  const now = ctx.clock.instant();
  try {
    await retryingDeadlocks(() =>
      ctx.db.transaction(async (tx) => {
        const agreementAcceptedAt = input.byPatient ? now : null;
        if (!(await members.joinMember(tx, { programId, patientId, now, agreementAcceptedAt }))) {
          throw conflict('ALREADY_MEMBER', 'This patient is already a member of the group');
        }
        if (!(await programs.claimSeat(tx, programId))) throw conflict('GROUP_FULL', 'This group has no seats left');
        await busy.takeMemberTime(tx, programId, patientId, now);
        await notifyGroup(ctx, tx, { kind: 'JOINED', programId, patientId });
      }),
    );
  } catch (err) {
    throw await overlapError(ctx, err, await explainMemberOverlap(ctx, input));
  }
  sendSoon(ctx);
}

async function explainMemberOverlap(
  ctx: ViewerContext,
  input: { programId: number; patientId: number; byPatient: boolean },
): Promise<Explanations> {
  if (!input.byPatient) return { patient: 'The patient already has a session at the time of one of this group’s sessions' };
  const now = ctx.clock.instant();
  const ahead = (await programs.sessionsOf(ctx.db, [input.programId])).filter(
    (s) => s.status === 'CONFIRMED' && s.startsAt > now,
  );
  return { patient: { userId: input.patientId, side: 'PATIENT', spans: ahead } };
}

/** The patient joins an open program with a seat left and a session ahead; invite-only programs are 404 to them. */
export async function enrol(ctx: ViewerContext, programId: number): Promise<PublicGroup> {
  const program = await programs.findProgram(ctx.db, programId, offeredToPatients());
  if (!program) throw notFound('Group');
  const now = ctx.clock.instant();
  const sessions = await programs.sessionsOf(ctx.db, [programId]);
  if (!sessions.some((s) => s.status === 'CONFIRMED' && s.startsAt > now)) {
    throw conflict('CONFLICT', 'This group has no sessions ahead');
  }
  await admit(ctx, { programId, patientId: ctx.user.id, byPatient: true });
  return getPublicGroup(ctx, programId);
}

/**
 * The member leaves (`by`: themself, LEFT) or is removed by the psychologist (REMOVED): the seat is freed and so is
 * their time in the sessions ahead; their attendance stays. Not a member: 404.
 */
export async function release(
  ctx: ViewerContext,
  input: { programId: number; patientId: number; kind: 'LEFT' | 'REMOVED' },
): Promise<void> {
  const { programId, patientId } = input;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.instant();
    if (!(await members.leaveMember(tx, programId, patientId, now))) throw notFound('Member');
    await programs.freeSeat(tx, programId);
    await busy.freeMemberTime(tx, programId, patientId, now);
    await notifyGroup(ctx, tx, { kind: input.kind, programId, patientId });
  });
  sendSoon(ctx);
}

export const leave = (ctx: ViewerContext, programId: number): Promise<void> =>
  release(ctx, { programId, patientId: ctx.user.id, kind: 'LEFT' });

/**
 * A member skips one confirmed session, until PATIENT_CANCEL_NOTICE_HOURS before it starts (409 NOTICE_PASSED after):
 * their attendance reads EXCUSED and their time is freed. A session of a group they are not in: 404.
 */
export async function skip(ctx: ViewerContext, sessionId: number): Promise<void> {
  const patientId = ctx.user.id;
  const found = await findSession(ctx.db, sessionId, memberOf(patientId));
  if (!found) throw notFound('Group session');
  const now = ctx.clock.instant();
  if (found.status !== 'CONFIRMED' || found.startsAt <= now) {
    throw conflict('NOT_CANCELABLE', 'Only a confirmed session that has not started can be skipped');
  }
  if (found.startsAt.getTime() - now.getTime() < PATIENT_CANCEL_NOTICE_HOURS * 3_600_000) {
    throw conflict(
      'NOTICE_PASSED',
      `A session can be skipped here until ${PATIENT_CANCEL_NOTICE_HOURS} hours before it starts; please contact your psychologist`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    await members.setAttendance(tx, sessionId, [{ patientId, status: 'EXCUSED' }], now);
    await busy.freeSessionTime(tx, [sessionId], patientId);
    await audit(ctx, tx, [{ action: 'UPDATE', patientId, detail: `group-session:${sessionId}:attendance:EXCUSED` }]);
  });
}

/**
 * The account is being deleted: a psychologist's running groups end and a patient leaves each group they are in, each
 * with the usual notices. Answers how many groups were ended or left.
 */
export async function leaveAllGroups(ctx: ViewerContext): Promise<number> {
  if (ctx.user.role === 'PSYCHOLOGIST') {
    const running = (await listPrograms(ctx)).filter((p) => p.status === 'ACTIVE');
    for (const p of running) await endProgram(ctx, p.id);
    return running.length;
  }
  const joined = await members.activeProgramsOf(ctx.db, ctx.user.id);
  for (const programId of joined) await leave(ctx, programId);
  return joined.length;
}
