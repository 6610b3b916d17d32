import { randomInt } from 'node:crypto';
import { SFU_TOKEN_TTL_SECONDS, type SfuFeeds, type SfuInfo } from '@rozmova/contract';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { JanusConfig, JanusServer } from '../../config.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { janusRoomNumber, signToken } from '../../lib/janus/tokens.js';
import { withVideoRoom } from '../../lib/janus/videoroom-admin.js';
import { joinWindow, roomAdmission } from '../appointments/service.js';
import { type GroupSfuRoom, groupSfuRooms, janusServerFor } from '../groups/service.js';
import { callPlaceOf } from './admissions.js';
import * as feeds from './feeds-repository.js';
import { allow, destroyRoom, disallow, kick, kickAllBut, listRooms, openRoom } from './janus-rooms.js';

const unavailable = (err: unknown) =>
  Object.assign(new AppError(503, 'UNAVAILABLE', 'The media server cannot be reached just now; try again'), { cause: err });

/** The Janus of a group session's room: the one it was given, or one chosen now among those the load leaves lightest. */
async function serverOf(ctx: AppContext, janus: JanusConfig, room: GroupSfuRoom): Promise<JanusServer> {
  const urls = janus.servers.map((s) => s.url);
  const now = ctx.clock.instant();
  const { opensAt, closesAt } = joinWindow(room);
  const url =
    room.janusServer && urls.includes(room.janusServer)
      ? room.janusServer
      : await janusServerFor(
          ctx.db,
          room.sessionId,
          urls,
          now,
          new Date(now.getTime() + (closesAt.getTime() - opensAt.getTime())),
        );
  return janus.servers.find((s) => s.url === url) ?? janus.servers[0];
}

/** A join token given out: taken off the room's allowed list once its time to join has passed. */
export type IssuedToken = { server: string; roomId: string; token: string; joinBy: Date };

/**
 * How the viewer's browser carries a room's media. Someone the room does not admit gets 404 (the room's existence
 * does not leak), a room outside its window 409. One-to-one and ad-hoc rooms, and every room without JANUS_URL, are
 * MESH; a group session's room is SFU: its Janus room is made on the first ask inside the window, and the viewer gets
 * a token that joins it within SFU_TOKEN_TTL_SECONDS (and keeps the browser's Janus session until the window closes).
 */
export async function sfuInfo(ctx: ViewerContext, roomId: string): Promise<{ info: SfuInfo; issued?: IssuedToken }> {
  const janus = ctx.config.janus;
  const room = await sfuRoomInCall(ctx, roomId);
  if (!janus || !room) return { info: { mode: 'MESH' } };

  const server = await serverOf(ctx, janus, room);
  const now = ctx.clock.instant();
  const { closesAt } = joinWindow(room);
  // Janus checks tokens by its own clock: the spans are carried over from the platform's.
  const wall = Date.now();
  const open = closesAt.getTime() - now.getTime();
  const joinBy = new Date(wall + Math.min(SFU_TOKEN_TTL_SECONDS * 1000, open));
  const token = signToken(janus.secret, new Date(wall + open), joinBy);
  const feed = randomInt(1, 2 ** 48);
  await feeds.issueFeed(ctx.db, roomId, ctx.user.id, feed, now);
  try {
    await withVideoRoom(server.url, janus.secret, async (request) => {
      await openRoom(request, janus.secret, { roomId, closesAt });
      await allow(request, janus.secret, roomId, token, Math.floor(wall / 1000));
      // A feed under an id never given (made up) goes. An account's earlier one may stay until its page leaves: no
      // one is told whose it is any more.
      await kickAllBut(request, janus.secret, roomId, await feeds.issuedFeeds(ctx.db, roomId));
    });
  } catch (err) {
    throw unavailable(err);
  }
  const expiresAt = new Date(now.getTime() + (joinBy.getTime() - wall)).toISOString();
  return {
    info: {
      mode: 'SFU',
      url: server.publicUrl,
      room: janusRoomNumber(roomId),
      token,
      expiresAt,
      feed,
      owners: await feeds.feedOwners(ctx.db, roomId),
    },
    issued: { server: server.url, roomId, token, joinBy },
  };
}

/** Whose these feeds of the room are (each account's newest only), for someone in its call through Janus. */
export async function feedOwners(ctx: ViewerContext, roomId: string, ids: number[]): Promise<SfuFeeds> {
  if (!ctx.config.janus || !(await sfuRoomInCall(ctx, roomId))) throw notFound('Room');
  return { feeds: await feeds.feedOwners(ctx.db, roomId, ids) };
}

/**
 * The group session of a room whose call goes through Janus, when the viewer is in it now; null for a room on the
 * mesh. Someone the room does not admit gets 404 (the room's existence does not leak), a room outside its window 409,
 * and media is only for those in the call: not someone still waiting, removed, or after the host ended it.
 */
async function sfuRoomInCall(ctx: ViewerContext, roomId: string): Promise<GroupSfuRoom | null> {
  const admission = await roomAdmission(ctx, roomId);
  if (admission.verdict !== 'ADMITTED') {
    throw admission.verdict === 'FORBIDDEN' ? notFound('Room') : conflict('CONFLICT', 'This session’s room is closed');
  }
  const [room] = admission.group && ctx.config.janus ? await groupSfuRooms(ctx.db, [roomId]) : [];
  if (!room) return null;
  const place = await callPlaceOf(ctx, roomId, admission, ctx.user.id);
  if (place === 'WAITING') throw conflict('WAITING', 'Wait until the psychologist lets you in');
  if (place === 'REMOVED') throw new AppError(403, 'REMOVED', 'The psychologist removed you from this session');
  if (place === 'ENDED') throw conflict('ENDED', 'The psychologist ended this session’s call');
  return room;
}

/** Takes a join token off its room's allowed list. */
export async function revokeToken(ctx: AppContext, issued: IssuedToken): Promise<void> {
  const secret = ctx.config.janus?.secret;
  if (secret) await withVideoRoom(issued.server, secret, (request) => disallow(request, secret, issued.roomId, issued.token));
}

/** Destroys a group session's Janus room now (the session was canceled); nothing for any other room. */
export async function closeSfuRoom(ctx: AppContext, roomId: string): Promise<void> {
  const janus = ctx.config.janus;
  const [room] = janus ? await groupSfuRooms(ctx.db, [roomId]) : [];
  if (!janus || !room?.janusServer) return;
  await withVideoRoom(room.janusServer, janus.secret, (request) => destroyRoom(request, janus.secret, roomId));
}

/** Ends the media of these peers (by the display their browsers joined with) in a group session's Janus room. */
export async function kickFromSfu(ctx: AppContext, roomId: string, peerIds: string[]): Promise<void> {
  const janus = ctx.config.janus;
  const [room] = janus && peerIds.length ? await groupSfuRooms(ctx.db, [roomId]) : [];
  if (!janus || !room?.janusServer) return;
  await withVideoRoom(room.janusServer, janus.secret, (request) => kick(request, janus.secret, roomId, peerIds));
}

/**
 * Destroys the rooms on each Janus whose time is over: a group session's once it is canceled or its window has
 * closed (or it moved to another Janus); a room of no session here (another database's, or one deleted) once the
 * closing instant it was made with has passed. Run at start and then regularly, so a stopped process leaks nothing.
 */
export async function sweepSfuRooms(ctx: AppContext): Promise<void> {
  const janus = ctx.config.janus;
  if (!janus) return;
  for (const server of janus.servers) {
    await withVideoRoom(server.url, janus.secret, async (request) => {
      const rooms = await listRooms(request, janus.secret);
      const sessions = await groupSfuRooms(
        ctx.db,
        rooms.map((r) => r.roomId),
      );
      const now = ctx.clock.instant();
      for (const room of rooms) {
        const session = sessions.find((s) => s.roomId === room.roomId);
        const over = session
          ? session.status !== 'CONFIRMED' || joinWindow(session).closesAt <= now || session.janusServer !== server.url
          : room.closesAt <= now;
        if (over) await destroyRoom(request, janus.secret, room.roomId);
      }
    }).catch((err) => ctx.log.warn({ err, janus: server.url }, 'could not sweep the rooms of a Janus server'));
  }
}
