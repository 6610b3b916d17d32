import type { attendanceBodySchema } from '@rozmova/contract';
import type { z } from 'zod';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { runsGroup } from '../../access/groups.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import * as members from './members-repository.js';
import { findSession } from './sessions-repository.js';

type Marks = z.output<typeof attendanceBodySchema>;

/**
 * The psychologist marks who attended one of their confirmed sessions once it has started (409 NOT_STARTED before).
 * Only those who were members at the time may be marked (else 400 naming the entry); each mark is audited.
 */
export async function markAttendance(ctx: ViewerContext, input: { sessionId: number; marks: Marks }) {
  const { sessionId, marks } = input;
  const session = await findSession(ctx.db, sessionId, runsGroup(ctx.user.id));
  if (!session) throw notFound('Group session');
  const now = ctx.clock.instant();
  if (session.startsAt > now) throw conflict('NOT_STARTED', 'Attendance can be marked once the session has started');
  if (session.status !== 'CONFIRMED') throw conflict('CONFLICT', 'This session was canceled');
  const ids = marks.map((m) => m.patientId);
  const present = new Set(await members.membersDuring(ctx.db, session.programId, session, ids));
  marks.forEach((m, i) => {
    if (!present.has(m.patientId)) throw badRequest(`body.${i}.patientId`, 'Not a member of this group at this session');
    if (ids.indexOf(m.patientId) !== i) throw badRequest(`body.${i}.patientId`, 'Marked twice');
  });
  return ctx.db.transaction(async (tx) => {
    await members.setAttendance(tx, sessionId, marks, now);
    await audit(
      ctx,
      tx,
      marks.map((m) => ({
        action: 'UPDATE' as const,
        patientId: m.patientId,
        detail: `group-session:${sessionId}:attendance:${m.status}`,
      })),
    );
    return (await members.attendanceOf(tx, [sessionId])).map(({ patientId, status }) => ({ patientId, status }));
  });
}
