import { GROUP_SFU_MAX_PEOPLE } from '@rozmova/contract';
import { janusRoomNumber, janusRoomSecret, joinDeadline, parseRoomDescription, roomDescription } from '../../lib/janus/tokens.js';
import { JanusError, NO_SUCH_ROOM, ROOM_EXISTS, type VideoRoomAdmin } from '../../lib/janus/videoroom-admin.js';

// The VideoRoom requests behind a group session's room, on a connection withVideoRoom opened.

/** Each publisher's cap (REMB) over its three simulcast layers. */
const PUBLISHER_BITRATE = 1_200_000;

/**
 * Creates the room of a video room unless it exists: private (listed only with the admin key), joined only with a
 * token of its allowed list, subscribed to only by its publishers (require_pvtid), Opus with in-band FEC and VP8.
 */
export async function openRoom(request: VideoRoomAdmin, adminKey: string, room: { roomId: string; closesAt: Date }) {
  try {
    await request({
      request: 'create',
      admin_key: adminKey,
      room: janusRoomNumber(room.roomId),
      description: roomDescription(room.roomId, room.closesAt),
      secret: janusRoomSecret(adminKey, room.roomId),
      is_private: true,
      permanent: false,
      allowed: [],
      require_pvtid: true,
      publishers: GROUP_SFU_MAX_PEOPLE,
      audiocodec: 'opus',
      opus_fec: true,
      videocodec: 'vp8',
      bitrate: PUBLISHER_BITRATE,
      fir_freq: 10,
      notify_joining: false,
      // Media is sealed in the browsers (frames Janus forwards but cannot decode): it must not inspect payloads.
      require_e2ee: true,
    });
  } catch (err) {
    if (!(err instanceof JanusError && err.code === ROOM_EXISTS)) throw err;
  }
}

/** Adds a token to the room's allowed list, and drops those whose time to join has passed (by Janus's clock, `nowSeconds`). */
export async function allow(request: VideoRoomAdmin, secret: string, roomId: string, token: string, nowSeconds: number) {
  const room = { room: janusRoomNumber(roomId), secret: janusRoomSecret(secret, roomId) };
  const { allowed } = await request({ request: 'allowed', action: 'add', allowed: [token], ...room });
  const lapsed = (Array.isArray(allowed) ? allowed : []).filter((t) => {
    const deadline = typeof t === 'string' ? joinDeadline(t) : null;
    return deadline !== null && deadline < nowSeconds;
  });
  if (lapsed.length > 0) await request({ request: 'allowed', action: 'remove', allowed: lapsed, ...room });
}

/** Takes a token off the room's allowed list (a room already gone has none). */
export async function disallow(request: VideoRoomAdmin, secret: string, roomId: string, token: string) {
  const room = { room: janusRoomNumber(roomId), secret: janusRoomSecret(secret, roomId) };
  await request({ request: 'allowed', action: 'remove', allowed: [token], ...room }).catch(ignoreMissing);
}

/** Ends the part in the room of every participant whose display is one of these peer ids. */
export function kick(request: VideoRoomAdmin, secret: string, roomId: string, peerIds: string[]) {
  return kickWhere(request, secret, roomId, (p) => typeof p.display === 'string' && peerIds.includes(p.display));
}

/** Ends the part in the room of every participant whose feed id is not one of these (those given out). */
export function kickAllBut(request: VideoRoomAdmin, secret: string, roomId: string, feeds: Set<number>) {
  return kickWhere(request, secret, roomId, (p) => !feeds.has(p.id));
}

async function kickWhere(
  request: VideoRoomAdmin,
  secret: string,
  roomId: string,
  which: (p: { id: number; display?: unknown }) => boolean,
) {
  const room = { room: janusRoomNumber(roomId), secret: janusRoomSecret(secret, roomId) };
  const { participants } = await request({ request: 'listparticipants', ...room }).catch((err) => {
    ignoreMissing(err);
    return { participants: [] };
  });
  for (const p of (Array.isArray(participants) ? participants : []) as { id?: unknown; display?: unknown }[]) {
    if (typeof p.id === 'number' && which({ id: p.id, display: p.display })) {
      await request({ request: 'kick', id: p.id, ...room }).catch(() => undefined);
    }
  }
}

/** Destroys the room, which ends every browser's part in it; one already gone is fine. */
export async function destroyRoom(request: VideoRoomAdmin, secret: string, roomId: string) {
  await request({ request: 'destroy', room: janusRoomNumber(roomId), secret: janusRoomSecret(secret, roomId) }).catch(
    ignoreMissing,
  );
}

/** The rooms of this platform on the Janus (any database's), by the description openRoom gave them. */
export async function listRooms(request: VideoRoomAdmin, adminKey: string) {
  const { list } = await request({ request: 'list', admin_key: adminKey });
  return (Array.isArray(list) ? list : []).flatMap((r) => {
    const parsed = parseRoomDescription((r as { description?: unknown }).description);
    return parsed && janusRoomNumber(parsed.roomId) === (r as { room?: unknown }).room ? [parsed] : [];
  });
}

function ignoreMissing(err: unknown) {
  if (!(err instanceof JanusError && err.code === NO_SUCH_ROOM)) throw err;
}
