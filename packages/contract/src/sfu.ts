import { z } from 'zod';
import { GROUP_CAPACITY } from './groups.js';
import { roomIdSchema } from './signal.js';

/**
 * Group calls through the media server (Janus, when the server has JANUS_URL): every browser sends its camera and
 * microphone once to the server, which forwards them to the others, so a group is not held to the peer-to-peer
 * mesh's GROUP_MESH_MAX_PEOPLE. One-to-one sessions stay peer to peer.
 */
export const GROUP_SFU_MAX_PEOPLE = GROUP_CAPACITY.max + 1;
/** How long a join token admits a browser into its Janus room; a later join asks for a new one. */
export const SFU_TOKEN_TTL_SECONDS = 60;

export const sfuParamsSchema = z.object({ roomId: roomIdSchema });

/**
 * How a group session's call carries media. MESH: peer to peer, as one-to-one sessions (no media server, or not a
 * group session's room). SFU: through the Janus at `url` (the Janus WebSocket API), VideoRoom `room`, joined with
 * `token` until `expiresAt`; the token is also the Janus session's own, valid until the room's window closes.
 */
export const sfuInfoSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('MESH') }),
  z.object({
    mode: z.literal('SFU'),
    url: z.string(),
    room: z.number().int().positive(),
    token: z.string(),
    expiresAt: z.string(),
  }),
]);
export type SfuInfo = z.infer<typeof sfuInfoSchema>;
export type SfuJoin = Extract<SfuInfo, { mode: 'SFU' }>;

/** A psychologist's call settings. `waitingRoom`: patients of one-to-one sessions wait until let in (groups always do). */
export const callSettingsSchema = z.object({ waitingRoom: z.boolean() });
export type CallSettings = z.infer<typeof callSettingsSchema>;
