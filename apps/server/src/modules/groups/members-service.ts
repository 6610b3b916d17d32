import type { AttendanceStatus, GroupMember } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { runsGroup } from '../../access/groups.js';
import { conflict, notFound } from '../../lib/errors.js';
import { announceToGroup } from '../messages/service.js';
import { admit, release } from './enrolment-service.js';
import * as members from './members-repository.js';
import * as programs from './programs-repository.js';

async function ownProgram(ctx: ViewerContext, id: number): Promise<programs.ProgramRow> {
  const program = await programs.findProgram(ctx.db, id, runsGroup(ctx.user.id));
  if (!program) throw notFound('Group');
  return program;
}

/**
 * The members of one of the psychologist's programs, each with their attendance and their individual sessions ahead
 * with this psychologist. Every member shown is put on the audit trail with the read.
 */
export async function listMembers(ctx: ViewerContext, programId: number): Promise<GroupMember[]> {
  return readMembers(ctx, await ownProgram(ctx, programId));
}

async function readMembers(ctx: ViewerContext, program: programs.ProgramRow, only?: number): Promise<GroupMember[]> {
  const programId = program.id;
  return ctx.db.transaction(async (tx) => {
    const rows = await members.listMembers(tx, program, ctx.clock.instant(), only);
    const sessions = await programs.sessionsOf(tx, [programId]);
    const marks = await members.attendanceOf(
      tx,
      sessions.map((s) => s.id),
    );
    await audit(
      ctx,
      tx,
      rows.map((m) => ({ action: 'READ' as const, patientId: m.patientId, detail: `group:${programId}:members` })),
    );
    return rows.map((m) => {
      const attendance: Record<string, AttendanceStatus> = {};
      for (const mark of marks) if (mark.patientId === m.patientId) attendance[String(mark.sessionId)] = mark.status;
      return {
        ...m,
        joinedAt: m.joinedAt.toISOString(),
        nextIndividualAt: m.nextIndividualAt?.toISOString() ?? null,
        attendance,
      };
    });
  });
}

/** The psychologist adds a patient they treat to a running program of theirs (anyone else: 404). */
export async function addMember(ctx: ViewerContext, input: { programId: number; patientId: number }): Promise<GroupMember> {
  const program = await ownProgram(ctx, input.programId);
  if (!(await members.isTreated(ctx.db, ctx.user.id, input.patientId))) throw notFound('Patient');
  if (program.status !== 'ACTIVE') throw conflict('CONFLICT', 'This group has ended');
  await admit(ctx, { ...input, byPatient: false });
  const [member] = await readMembers(ctx, program, input.patientId);
  return member;
}

/** The psychologist removes a member from a program of theirs; their seat and their time ahead are freed. */
export async function removeMember(ctx: ViewerContext, input: { programId: number; patientId: number }): Promise<void> {
  await ownProgram(ctx, input.programId);
  await release(ctx, { ...input, kind: 'REMOVED' });
}

/** An announcement to every member of one of the psychologist's programs, in the program's conversation. */
export async function messageMembers(
  ctx: ViewerContext,
  input: { programId: number; message: string },
): Promise<{ sent: number }> {
  await ownProgram(ctx, input.programId);
  const patientIds = await members.activeMemberIds(ctx.db, input.programId);
  if (patientIds.length === 0) throw conflict('CONFLICT', 'This group has no members yet');
  return announceToGroup(ctx, { programId: input.programId, body: input.message });
}
