import type { GroupProgram, GroupSession } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { whenIn } from '../../lib/zoned.js';
import type { ProgramRow, SessionRow } from './programs-repository.js';

/** A session on the viewer's wall clock; its room only for those who may enter it. */
export function toSession(ctx: ViewerContext, row: SessionRow, showRoom: boolean): GroupSession {
  return {
    id: row.id,
    status: row.status,
    videoCallRoomId: showRoom ? row.videoCallRoomId : null,
    ...whenIn(row.startsAt, row.endsAt, timeZoneOf(ctx, ctx.user)),
  };
}

/** The fields every view of a program shares. */
export const programCore = (row: ProgramRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  therapyType: row.therapyType as GroupProgram['therapyType'],
  capacity: row.capacity,
  enrolment: row.enrolment,
  durationMinutes: row.durationMinutes,
  status: row.status,
  seatsLeft: row.status === 'ACTIVE' ? row.capacity - row.memberCount : 0,
});

/** A program as its psychologist sees it, with all its sessions. */
export const toProgram = (ctx: ViewerContext, row: ProgramRow, sessions: SessionRow[]): GroupProgram => ({
  ...programCore(row),
  memberCount: row.memberCount,
  version: row.version,
  sessions: sessions.filter((s) => s.programId === row.id).map((s) => toSession(ctx, s, true)),
});
