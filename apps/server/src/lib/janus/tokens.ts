import { createHash, createHmac, randomBytes } from 'node:crypto';

const PLUGIN = 'janus.plugin.videoroom';

/**
 * A browser's token, in the form Janus checks with token_auth_secret: `expiry,janus,plugins:signature`, the signature
 * HMAC-SHA1 over the part before the colon, in base64. Janus lets its holder use the VideoRoom plugin until `expiresAt`
 * (its session's requests, keepalives included, stop there). The last "plugin" is a nonce that carries the instant until
 * which the room admits it (`joinBy`): Janus ignores names of plugins it does not have, and the nonce makes each token
 * a string of its own, which the room's allowed list holds and drops alone.
 */
export function signToken(secret: string, expiresAt: Date, joinBy: Date): string {
  const nonce = `n${Math.floor(joinBy.getTime() / 1000)}.${randomBytes(9).toString('base64url')}`;
  const data = `${Math.floor(expiresAt.getTime() / 1000)},janus,${PLUGIN},${nonce}`;
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}

/** Until when the room admits a token (seconds since the epoch, as Janus's clock reads them), or null for no token of ours. */
export function joinDeadline(token: string): number | null {
  const nonce = token.split(':')[0]?.split(',')[3];
  const match = nonce ? /^n(\d+)\./.exec(nonce) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The Janus room number of a video room: from its id (a random UUID), so every process finds the same room without
 * storing it, and rooms of different databases sharing one Janus do not meet. 48 bits: a safe integer in JSON.
 */
export const janusRoomNumber = (roomId: string): number =>
  createHash('sha256').update(`rozmova-room:${roomId}`).digest().readUIntBE(0, 6) + 1;

/** The room's secret (edits, tokens, destroy), derived the same way on every process and never sent to browsers. */
export const janusRoomSecret = (secret: string, roomId: string): string =>
  createHmac('sha256', secret).update(`janus-room-secret:${roomId}`).digest('base64url');

/** How a room of ours is described on Janus: its video room id and closing instant, for a sweep that finds it later. */
export const roomDescription = (roomId: string, closesAt: Date) => `rozmova:${roomId}:${Math.floor(closesAt.getTime() / 1000)}`;

export function parseRoomDescription(description: unknown): { roomId: string; closesAt: Date } | null {
  const match = typeof description === 'string' ? /^rozmova:([A-Za-z0-9_-]{1,64}):(\d+)$/.exec(description) : null;
  return match ? { roomId: match[1], closesAt: new Date(Number(match[2]) * 1000) } : null;
}
