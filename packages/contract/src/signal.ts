import { z } from 'zod';
import { inputString } from './common.js';

/**
 * Real-time signalling for video calls (spec §7): socket.io on the API's origin at SIGNAL_PATH, polling and
 * websocket transports. The client connects with `auth: { token }` (the same bearer token as HTTP); a refused
 * handshake reaches the client as `connect_error` whose `data` is a `SignalHandshakeError`.
 *
 * A socket is in at most one room. Every client event is validated with the schema below; one that does not
 * parse is dropped (events with an ack answer `{ ok: false, error }`). Peers are named by a `peerId`, which is also
 * how the two ends of a pair agree who is polite: the peer with the smaller id. The server assigns it, bound to the
 * account: a client that sends `auth: { callKey }` (CALL_KEY_PATTERN, random, chosen once per call) gets the same
 * peer id for the same account and key on every connection and every process, so that after a lost signalling
 * connection (or a server restart) it comes back as the same peer and media connections that still work are kept;
 * without a key the socket id is used. No one can take another account's peer id.
 *
 * A server that stops on purpose (a deploy) sends `server-going-away` and closes the transport without a socket.io
 * disconnect: clients reconnect by themselves and rejoin, the room hears no `peer-left`, and media goes on.
 */
export const SIGNAL_PATH = '/signal/socket.io';
/** People in one room at most: a mesh grows quadratically; beyond this an SFU is the path. */
export const MAX_ROOM_PEERS = 6;
/** Sockets one account may hold at once, over every process; one more is refused with TOO_MANY_CONNECTIONS. */
export const MAX_SOCKETS_PER_ACCOUNT = 8;
/**
 * Every event a socket sends counts against this (identity is 1 a second, ICE a burst); past it events are dropped
 * and reported with `signal-error` RATE_LIMITED, once per event name and window (a join is answered by its ack).
 */
export const SIGNAL_EVENT_BUDGET = { events: 300, windowMs: 10_000 } as const;
/** Chat text limit, in characters. */
export const CHAT_MAX_CHARS = 2000;
/** Chat rate: at most this many messages per window and socket; more are refused with RATE_LIMITED. */
export const CHAT_RATE = { messages: 10, windowMs: 10_000 } as const;

/** Client → server event names. `join` and `leave` take an ack callback. */
export const SIGNAL_CLIENT_EVENTS = {
  join: 'join',
  leave: 'leave',
  description: 'description',
  candidate: 'candidate',
  identity: 'identity',
  audioToggle: 'audio-toggle',
  videoToggle: 'video-toggle',
  shareStopped: 'share-stopped',
  chatMessage: 'chat-message',
  admit: 'admit',
  hostMute: 'host-mute',
  remove: 'remove',
  endCall: 'end-call',
  hand: 'hand',
  e2eePublicKey: 'e2ee-public-key',
  e2eeSessionKey: 'e2ee-session-key',
} as const;

/** Server → client event names. Relays keep the client's event name and add `from`. */
export const SIGNAL_SERVER_EVENTS = {
  peerJoined: 'peer-joined',
  peerLeft: 'peer-left',
  description: 'description',
  candidate: 'candidate',
  identity: 'identity',
  audioToggle: 'audio-toggle',
  videoToggle: 'video-toggle',
  shareStopped: 'share-stopped',
  chatMessage: 'chat-message',
  roomClosed: 'room-closed',
  goingAway: 'server-going-away',
  waiting: 'waiting',
  admitted: 'admitted',
  hostMute: 'host-mute',
  hand: 'hand',
  e2eePublicKey: 'e2ee-public-key',
  e2eeSessionKey: 'e2ee-session-key',
  error: 'signal-error',
} as const;

export const SIGNAL_ERROR_CODES = [
  'VALIDATION',
  /** Not this appointment's patient or psychologist, or a role that may not use ad-hoc rooms. */
  'FORBIDDEN',
  /** The room's appointment is not CONFIRMED (canceled, not attended), or it is outside its join window. */
  'ROOM_CLOSED',
  'ROOM_FULL',
  /** A relay or chat before joining. */
  'NOT_IN_ROOM',
  /** Chat over CHAT_RATE, or any event over SIGNAL_EVENT_BUDGET. */
  'RATE_LIMITED',
  /** The server could not answer now (its database or Redis); try again. */
  'UNAVAILABLE',
  /** The psychologist removed this person from this session: they cannot join it again. */
  'REMOVED',
  /** The psychologist ended the session's call for everyone. */
  'ENDED',
  /** A host control from someone who is not the session's psychologist. */
  'NOT_HOST',
] as const;
export const signalErrorCodeSchema = z.enum(SIGNAL_ERROR_CODES);
export type SignalErrorCode = z.infer<typeof signalErrorCodeSchema>;

/**
 * `connect_error` data of a refused handshake: 401 no/bad/expired/revoked token, 403 disabled or bad origin, 429 the
 * account already holds MAX_SOCKETS_PER_ACCOUNT sockets.
 */
export const signalHandshakeErrorSchema = z.object({
  statusCode: z.union([z.literal(401), z.literal(403), z.literal(429)]),
  code: z.enum(['UNAUTHORIZED', 'DISABLED', 'FORBIDDEN', 'TOO_MANY_CONNECTIONS']),
});
export type SignalHandshakeError = z.infer<typeof signalHandshakeErrorSchema>;

/** A room id: an appointment's videoCallRoomId (a UUID) or any ad-hoc id of the same alphabet. */
export const roomIdSchema = inputString().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected 1–64 letters, digits, - or _');
const peerIdSchema = z.string().min(1).max(64);
/** The key a client sends in the handshake (`auth: { callKey }`) to keep its peer id across connections. */
export const CALL_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const streamIdSchema = z.string().max(128);

/** Someone in a room, as the server knows them (names from the account). */
export const signalPeerSchema = z.object({
  peerId: peerIdSchema,
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['PSYCHOLOGIST', 'PATIENT']),
});
export type SignalPeer = z.infer<typeof signalPeerSchema>;

/** An RTCIceServer as ICE_SERVERS lists it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

// ---- client → server ----
export const joinRequestSchema = z.object({
  room: roomIdSchema,
  /** After a lost signalling connection: the peers this client still holds a media connection with. */
  linked: z.array(peerIdSchema).max(MAX_ROOM_PEERS).optional(),
});
export const descriptionRequestSchema = z.object({
  to: peerIdSchema,
  description: z.object({
    type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
    sdp: z.string().max(100_000).optional(),
  }),
});
export const candidateRequestSchema = z.object({
  to: peerIdSchema,
  /** null: the end of candidates. */
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullish(),
      usernameFragment: z.string().max(256).nullish(),
    })
    .nullable(),
});
/** §3 signalling fields the client owns; firstName and lastName are filled by the server. */
export const identityRequestSchema = z.object({
  streamId: streamIdSchema,
  audioEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  bgColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});
export const audioToggleRequestSchema = z.object({ streamId: streamIdSchema, audioEnabled: z.boolean() });
export const videoToggleRequestSchema = z.object({ streamId: streamIdSchema, videoEnabled: z.boolean() });
export const shareStoppedRequestSchema = z.object({ streamId: streamIdSchema });
/** Base64 (standard alphabet), as WebCrypto's bytes are sent. */
const base64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected base64');
/** Which session key sealed something: keys are numbered from 0 in a call, and the numbers wrap at E2EE_KEY_IDS. */
export const E2EE_KEY_IDS = 8;
const keyIdSchema = z
  .number()
  .int()
  .min(0)
  .max(E2EE_KEY_IDS - 1);
/**
 * A chat message sealed with the call's session key (AES-GCM): the server relays it as it is and cannot read it.
 * Its plain text is at most CHAT_MAX_CHARS characters, so the sealed bytes (UTF-8, tag) fit in this bound.
 */
export const sealedChatSchema = z.object({ keyId: keyIdSchema, iv: base64(24), data: base64(11_000) });
export type SealedChat = z.infer<typeof sealedChatSchema>;
/** In a room with end-to-end encryption the message goes sealed; elsewhere as text. */
export const chatMessageRequestSchema = z.union([
  z.object({ message: inputString().trim().min(1).max(CHAT_MAX_CHARS) }),
  z.object({ sealed: sealedChatSchema }),
]);
/** The psychologist lets people in from the waiting room: those named (by account), or everyone waiting. */
export const admitRequestSchema = z.union([
  z.object({ userIds: z.array(z.number().int().positive()).min(1).max(32) }),
  z.object({ all: z.literal(true) }),
]);
/** The psychologist asks one peer (or, without peerId, everyone else) to turn a device off; they may turn it on again. */
export const hostMuteRequestSchema = z.object({ peerId: peerIdSchema.optional(), kind: z.enum(['audio', 'video']) });
/** The psychologist removes someone (every device of their account) from this session: they cannot join it again. */
export const removeRequestSchema = z.object({ userId: z.number().int().positive() });
export const handRequestSchema = z.object({ raised: z.boolean() });
/** A participant's ephemeral ECDH P-256 public key (raw, uncompressed: 65 bytes), sent to the room on joining. */
export const e2eePublicKeyRequestSchema = z.object({ publicKey: base64(100) });
/**
 * The psychologist's browser hands the session key to one peer, wrapped (AES-GCM) under a key both derive from their
 * ECDH keys. `roster`: the public keys of everyone it gave this key to, the psychologist's first, from which each
 * screen computes the same safety code.
 */
export const e2eeSessionKeyRequestSchema = z.object({
  to: peerIdSchema,
  keyId: keyIdSchema,
  iv: base64(24),
  wrapped: base64(100),
  roster: z.array(base64(100)).min(1).max(32),
});

// ---- server → client ----
const from = { from: peerIdSchema };
export const signalErrorSchema = z.object({ code: signalErrorCodeSchema, message: z.string() });
export type SignalError = z.infer<typeof signalErrorSchema>;
/** The ack of `join`: who is already there (not including oneself) and the ICE servers to use. */
export const joinAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    room: roomIdSchema,
    self: signalPeerSchema,
    peers: z.array(signalPeerSchema),
    iceServers: z.array(iceServerSchema),
    /**
     * WAITING: in the waiting room (a group session, or a psychologist who keeps one) until the psychologist lets
     * them in (`admitted`); meanwhile `peers` is empty and nothing is relayed to or from them.
     */
    admission: z.enum(['ADMITTED', 'WAITING']),
    /** The room's media is end-to-end encrypted (a group session through the media server). */
    e2ee: z.boolean(),
    /**
     * The room's chat so far, newest first, kept for the room's window so a rejoining browser reads it again (none
     * while waiting, and none in a call sealed end to end, whose earlier keys a newcomer never holds).
     */
    chat: z.array(z.lazy(() => chatMessageEventSchema)),
  }),
  z.object({ ok: z.literal(false), error: signalErrorSchema }),
]);
export type JoinAck = z.infer<typeof joinAckSchema>;
export const leaveAckSchema = z.object({ ok: z.literal(true) });
/**
 * Someone joined. `linked`: they come back holding a media connection with the receiver (who keeps theirs if it has
 * one, or else offers a new one, which tells the other to start afresh); otherwise the newcomer makes the offer.
 */
export const peerJoinedSchema = signalPeerSchema.extend({ linked: z.boolean() });
export const peerLeftSchema = z.object({ peerId: peerIdSchema });
export const descriptionEventSchema = descriptionRequestSchema.omit({ to: true }).extend(from);
export const candidateEventSchema = candidateRequestSchema.omit({ to: true }).extend(from);
export const identityEventSchema = identityRequestSchema.extend({ ...from, firstName: z.string(), lastName: z.string() });
export const audioToggleEventSchema = audioToggleRequestSchema.extend(from);
export const videoToggleEventSchema = videoToggleRequestSchema.extend(from);
export const shareStoppedEventSchema = shareStoppedRequestSchema.extend(from);
/** A chat message as §3 lists it, with the sender's names and e-mail from their account. Sent to everyone in the room, the sender too. */
export const chatMessageEventSchema = z.object({
  ...from,
  room: roomIdSchema,
  /** Empty when the message came sealed. */
  message: z.string(),
  sealed: sealedChatSchema.optional(),
  senderFirstName: z.string(),
  senderLastName: z.string(),
  senderEmail: z.string(),
  sentAt: z.string(),
});
/** The room ended for everyone in it; the server has taken the socket out of the room. */
export const roomClosedSchema = z.object({
  room: roomIdSchema,
  /** JOINED_ELSEWHERE: the same account joined the room from another tab or device, which took this one's place. */
  reason: z.enum(['APPOINTMENT_CANCELED', 'ENDED_BY_HOST', 'REMOVED', 'JOINED_ELSEWHERE']),
});
/** Someone waiting to be let in, as the psychologist sees them. */
export const waitingPersonSchema = z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string() });
export type WaitingPerson = z.infer<typeof waitingPersonSchema>;
/** To the psychologist: who is in the waiting room now (sent whenever it changes). */
export const waitingEventSchema = z.object({ room: roomIdSchema, people: z.array(waitingPersonSchema) });
/** To someone waiting: they were let in; they join again and are admitted. */
export const admittedEventSchema = z.object({ room: roomIdSchema });
export const hostMuteEventSchema = z.object({ kind: z.enum(['audio', 'video']) });
export const handEventSchema = handRequestSchema.extend(from);
export const e2eePublicKeyEventSchema = e2eePublicKeyRequestSchema.extend({
  ...from,
  role: z.enum(['PSYCHOLOGIST', 'PATIENT']),
});
export const e2eeSessionKeyEventSchema = e2eeSessionKeyRequestSchema.omit({ to: true }).extend(from);
/** The server is stopping on purpose: the connection ends next, reconnect and rejoin (the room is not told). */
export const serverGoingAwaySchema = z.object({ reason: z.enum(['SHUTDOWN']) });
/** A relay or chat that was refused (the connection stays). */
export const signalErrorEventSchema = signalErrorSchema.extend({ event: z.string() });

export type DescriptionEvent = z.infer<typeof descriptionEventSchema>;
export type CandidateEvent = z.infer<typeof candidateEventSchema>;
export type IdentityEvent = z.infer<typeof identityEventSchema>;
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;
export type RoomClosedEvent = z.infer<typeof roomClosedSchema>;

type Ack<T> = (answer: T) => void;
/** Typed event maps for `Server<SignalClientEvents, SignalServerEvents>` and `Socket<SignalServerEvents, SignalClientEvents>`. */
export interface SignalClientEvents {
  join: (body: z.input<typeof joinRequestSchema>, ack: Ack<JoinAck>) => void;
  leave: (ack?: Ack<z.infer<typeof leaveAckSchema>>) => void;
  description: (body: z.input<typeof descriptionRequestSchema>) => void;
  candidate: (body: z.input<typeof candidateRequestSchema>) => void;
  identity: (body: z.input<typeof identityRequestSchema>) => void;
  'audio-toggle': (body: z.input<typeof audioToggleRequestSchema>) => void;
  'video-toggle': (body: z.input<typeof videoToggleRequestSchema>) => void;
  'share-stopped': (body: z.input<typeof shareStoppedRequestSchema>) => void;
  'chat-message': (body: z.input<typeof chatMessageRequestSchema>) => void;
  admit: (body: z.input<typeof admitRequestSchema>) => void;
  'host-mute': (body: z.input<typeof hostMuteRequestSchema>) => void;
  remove: (body: z.input<typeof removeRequestSchema>) => void;
  'end-call': (body: Record<string, never>) => void;
  hand: (body: z.input<typeof handRequestSchema>) => void;
  'e2ee-public-key': (body: z.input<typeof e2eePublicKeyRequestSchema>) => void;
  'e2ee-session-key': (body: z.input<typeof e2eeSessionKeyRequestSchema>) => void;
}
export interface SignalServerEvents {
  'peer-joined': (body: z.infer<typeof peerJoinedSchema>) => void;
  'peer-left': (body: z.infer<typeof peerLeftSchema>) => void;
  description: (body: DescriptionEvent) => void;
  candidate: (body: CandidateEvent) => void;
  identity: (body: IdentityEvent) => void;
  'audio-toggle': (body: z.infer<typeof audioToggleEventSchema>) => void;
  'video-toggle': (body: z.infer<typeof videoToggleEventSchema>) => void;
  'share-stopped': (body: z.infer<typeof shareStoppedEventSchema>) => void;
  'chat-message': (body: ChatMessageEvent) => void;
  'room-closed': (body: RoomClosedEvent) => void;
  'server-going-away': (body: z.infer<typeof serverGoingAwaySchema>) => void;
  'signal-error': (body: z.infer<typeof signalErrorEventSchema>) => void;
  waiting: (body: z.infer<typeof waitingEventSchema>) => void;
  admitted: (body: z.infer<typeof admittedEventSchema>) => void;
  'host-mute': (body: z.infer<typeof hostMuteEventSchema>) => void;
  hand: (body: z.infer<typeof handEventSchema>) => void;
  'e2ee-public-key': (body: z.infer<typeof e2eePublicKeyEventSchema>) => void;
  'e2ee-session-key': (body: z.infer<typeof e2eeSessionKeyEventSchema>) => void;
}
