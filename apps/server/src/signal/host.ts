import {
  admitRequestSchema,
  e2eePublicKeyRequestSchema,
  e2eeSessionKeyRequestSchema,
  handRequestSchema,
  hostMuteRequestSchema,
  removeRequestSchema,
  type SignalErrorCode,
  type WaitingPerson,
} from '@rozmova/contract';
import { z } from 'zod';
import type { AppContext } from '../access/context.js';
import { admit, endCall, removeFromCall } from '../modules/video/admissions.js';
import { closeSfuRoom, kickFromSfu } from '../modules/video/service.js';
import { rooms, type SignalServer, type SignalSocket } from './types.js';

type On = <S extends z.ZodType>(event: string, schema: S, handle: (body: z.output<S>, room: string) => void) => void;
type Fail = (event: string, code: SignalErrorCode, message: string) => void;

/** Tells the room's host who waits in its waiting room now: each account once, in the order they came. */
export async function tellHost(io: SignalServer, room: string, without?: string): Promise<void> {
  const waiting = await io.in(rooms.lobby(room)).fetchSockets();
  const people = new Map<number, WaitingPerson>();
  for (const s of waiting) {
    if (s.id === without || people.has(s.data.userId) || !s.data.peer) continue;
    people.set(s.data.userId, { userId: s.data.userId, firstName: s.data.peer.firstName, lastName: s.data.peer.lastName });
  }
  io.to(rooms.host(room)).emit('waiting', { room, people: [...people.values()] });
}

/** Takes every socket of the account out of the room, its waiting room included; answers their peer ids. */
async function takeOut(io: SignalServer, room: string, userId: number, reason: 'REMOVED'): Promise<string[]> {
  const theirs = (await io.in(rooms.user(userId)).fetchSockets()).filter(
    (s) => s.rooms.has(rooms.call(room)) || s.rooms.has(rooms.lobby(room)),
  );
  for (const s of theirs) {
    s.emit('room-closed', { room, reason });
    s.leave(rooms.call(room));
    s.leave(rooms.member(room, s.data.peerId));
    s.leave(rooms.lobby(room));
    s.leave(rooms.waiter(room, userId));
    io.to(rooms.call(room)).emit('peer-left', { peerId: s.data.peerId });
  }
  return theirs.map((s) => s.data.peerId);
}

/**
 * The host's controls (let in, mute, remove, end for all), raised hands, and the relays of end-to-end keys. Only the
 * session's psychologist may use the controls or hand out session keys; everyone else gets NOT_HOST.
 */
export function attachHostControls(io: SignalServer, socket: SignalSocket, ctx: AppContext, on: On, fail: Fail) {
  const { data } = socket;
  const onHost = <S extends z.ZodType>(
    event: string,
    schema: S,
    handle: (body: z.output<S>, room: string) => Promise<void> | void,
  ) =>
    on(event, schema, (body, room) => {
      if (!data.host) return fail(event, 'NOT_HOST', 'Only the session’s psychologist may do this');
      Promise.resolve(handle(body, room)).catch((err) => {
        ctx.log.error({ err, event }, 'host control failed');
        fail(event, 'UNAVAILABLE', 'That could not be done just now; try again');
      });
    });

  onHost('admit', admitRequestSchema, async (body, room) => {
    const waiting = await io.in(rooms.lobby(room)).fetchSockets();
    const waitingIds = new Set(waiting.map((s) => s.data.userId));
    const ids = 'all' in body ? [...waitingIds] : body.userIds.filter((id) => waitingIds.has(id));
    await admit(ctx, room, ids);
    for (const id of ids) {
      io.in(rooms.waiter(room, id)).socketsLeave(rooms.lobby(room));
      io.to(rooms.waiter(room, id)).emit('admitted', { room });
      io.in(rooms.waiter(room, id)).socketsLeave(rooms.waiter(room, id));
    }
    await tellHost(io, room);
  });

  onHost('host-mute', hostMuteRequestSchema, ({ peerId, kind }, room) => {
    socket.to(peerId ? rooms.member(room, peerId) : rooms.call(room)).emit('host-mute', { kind });
  });

  onHost('remove', removeRequestSchema, async ({ userId }, room) => {
    if (userId === data.userId) return fail('remove', 'VALIDATION', 'The host cannot remove themselves');
    await removeFromCall(ctx, room, userId);
    const peerIds = await takeOut(io, room, userId, 'REMOVED');
    await tellHost(io, room);
    // Their media ends on the media server too; their browser is refused a new token from now on.
    await kickFromSfu(ctx, room, peerIds).catch((err) => ctx.log.warn({ err, room }, 'could not kick from the media server'));
  });

  onHost('end-call', z.object({}), async (_body, room) => {
    await endCall(ctx, room);
    const everyone = [...(await io.in(rooms.call(room)).fetchSockets()), ...(await io.in(rooms.lobby(room)).fetchSockets())];
    io.to([rooms.call(room), rooms.lobby(room)]).emit('room-closed', { room, reason: 'ENDED_BY_HOST' });
    for (const s of everyone) {
      s.leave(rooms.call(room));
      s.leave(rooms.member(room, s.data.peerId));
      s.leave(rooms.lobby(room));
      s.leave(rooms.host(room));
    }
    await closeSfuRoom(ctx, room).catch((err) => ctx.log.warn({ err, room }, 'could not close the media server room'));
  });

  on('hand', handRequestSchema, ({ raised }, room) => socket.to(rooms.call(room)).emit('hand', { raised, from: data.peerId }));

  // Keys: public ones go to everyone in the call; a wrapped session key only from the host, to one peer.
  on('e2ee-public-key', e2eePublicKeyRequestSchema, ({ publicKey }, room) => {
    if (!data.e2ee || !data.peer) return fail('e2ee-public-key', 'VALIDATION', 'This call is not end-to-end encrypted');
    socket.to(rooms.call(room)).emit('e2ee-public-key', { publicKey, from: data.peerId, role: data.peer.role });
  });
  onHost('e2ee-session-key', e2eeSessionKeyRequestSchema, ({ to, ...key }, room) => {
    socket.to(rooms.member(room, to)).emit('e2ee-session-key', { ...key, from: data.peerId });
  });
}
