import { type AppointmentInfo, GROUP_MESH_MAX_PEOPLE } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import { groupRoomParticipants } from '../groups/service.js';
import { toGroupEntry } from './group-entries.js';
import { groupSessionByRoom } from './group-sessions-repository.js';

/** Who a group room admits, and how many people it holds on the peer-to-peer mesh. */
export type GroupRoom = {
  psychologistId: number;
  status: string;
  startsAt: Date;
  endsAt: Date;
  /** Its members expected there: members now who were members at its time and did not excuse themselves. */
  memberIds: number[];
  members: { firstName: string; lastName: string }[];
  maxPeople: number;
};

/** The group session whose room this is, as its room needs it; undefined when the room is no group session's. */
export async function groupRoom(ctx: Pick<ViewerContext, 'db'>, roomId: string): Promise<GroupRoom | undefined> {
  const room = await groupRoomParticipants(ctx.db, roomId);
  if (!room) return undefined;
  return {
    psychologistId: room.psychologistId,
    status: room.status,
    startsAt: room.startsAt,
    endsAt: room.endsAt,
    memberIds: room.members.map((m) => m.patientId),
    // Members never learn more of each other than this.
    members: room.members.map((m) => ({ firstName: m.firstName, lastName: m.lastInitial })),
    maxPeople: GROUP_MESH_MAX_PEOPLE,
  };
}

/** Whether the viewer is in the room on this side: its psychologist, or one of its expected members. */
export const inGroupRoom = (room: GroupRoom, userId: number, side: 'patient' | 'psychologist'): boolean =>
  side === 'psychologist' ? room.psychologistId === userId : room.memberIds.includes(userId);

/**
 * What a group room shows of its session: the program, the psychologist, the time and window, and the members
 * expected by first name and last initial (never e-mail); the patient fields are null. Anyone else: undefined.
 */
export async function groupRoomInfo(
  ctx: ViewerContext,
  input: { roomId: string; side: 'patient' | 'psychologist' },
  window: (s: { startsAt: Date; endsAt: Date }) => { opensAt: Date; closesAt: Date },
): Promise<AppointmentInfo | undefined> {
  const room = await groupRoom(ctx, input.roomId);
  if (!room || !inGroupRoom(room, ctx.user.id, input.side)) return undefined;
  const row = await groupSessionByRoom(ctx.db, input.roomId);
  if (!row) return undefined;
  const { id, cancellationReason, videoCallRoomId, attendance, ...info } = toGroupEntry(ctx, row);
  const { opensAt, closesAt } = window(row);
  // Who is expected in the room is a member list: each read of it is on the trail, as the psychologist's are.
  await audit(
    ctx,
    ctx.db,
    room.memberIds.map((patientId) => ({ action: 'READ' as const, patientId, detail: `group-session:${id}:members` })),
  );
  return { ...info, opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), members: room.members };
}
