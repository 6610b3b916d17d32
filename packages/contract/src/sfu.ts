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

/** A feed's id on the media server: a positive number below 2^48 (a safe integer in JSON). */
const feedIdSchema = z
  .number()
  .int()
  .positive()
  .max(2 ** 48);

/**
 * How a group session's call carries media. MESH: peer to peer, as one-to-one sessions (no media server, or not a
 * group session's room). SFU: through the Janus at `url` (the Janus WebSocket API), VideoRoom `room`, joined with
 * `token` until `expiresAt`; the token is also the Janus session's own, valid until the room's window closes. The
 * browser publishes as `feed`, the id the server gave this account for this join (any other is refused and kicked).
 */
export const sfuInfoSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('MESH') }),
  z.object({
    mode: z.literal('SFU'),
    url: z.string(),
    room: z.number().int().positive(),
    token: z.string(),
    expiresAt: z.string(),
    feed: feedIdSchema,
    /** Whose the room's feeds are so far (each account's newest): the browser receives them without asking. */
    owners: z.array(z.object({ feed: feedIdSchema, userId: z.number().int() })),
  }),
]);
export type SfuInfo = z.infer<typeof sfuInfoSchema>;
export type SfuJoin = Extract<SfuInfo, { mode: 'SFU' }>;

/**
 * Whose feeds these are: a browser asks before it shows a feed, and shows it only as the account that owns it. Only
 * each account's newest feed is answered; an id never given, or one given before, is left out.
 */
export const sfuFeedsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,31}$/, 'Up to 32 feed ids, separated by commas')
    .transform((ids) => ids.split(',').map(Number))
    .pipe(z.array(feedIdSchema)),
});
export const sfuFeedsSchema = z.object({
  feeds: z.array(z.object({ feed: feedIdSchema, userId: z.number().int() })),
});
export type SfuFeeds = z.infer<typeof sfuFeedsSchema>;

/** A psychologist's call settings. `waitingRoom`: patients of one-to-one sessions wait until let in (groups always do). */
export const callSettingsSchema = z.object({ waitingRoom: z.boolean() });
export type CallSettings = z.infer<typeof callSettingsSchema>;
