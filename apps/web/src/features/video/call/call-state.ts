import type { ChatMessageEvent, SignalErrorCode, SignalPeer, WaitingPerson } from '@rozmova/contract';
import type { LinkState, Slot } from './peer-link';
import type { Quality } from './quality';

/** Someone else in the call, as this browser knows them. */
export type RemotePeer = {
  peerId: string;
  /** Their account (null until the room names them): the host removes an account, every device of it. */
  userId: number | null;
  firstName: string;
  lastName: string;
  role: SignalPeer['role'] | null;
  audioEnabled: boolean;
  videoEnabled: boolean;
  /** The background they chose for their tile while their camera is off (spec §3 bgColor). */
  bgColor: string | null;
  /** Until when their screen share counts as on: each identity for it extends this, share-stopped ends it. */
  sharingUntil: number;
  link: LinkState;
  quality: Quality | null;
  tracks: Partial<Record<Slot, MediaStreamTrack>>;
  handRaised: boolean;
};

/** waiting: in the waiting room until the psychologist lets this person in. */
export type CallStatus = 'idle' | 'joining' | 'waiting' | 'joined' | 'reconnecting' | 'error';
/**
 * Why the call stopped: a refused join, a refused handshake, the server ending the connection, or (E2EE_UNSUPPORTED)
 * a browser that cannot seal media in a call that is end-to-end encrypted.
 */
export type CallError =
  | SignalErrorCode
  | 'UNAUTHORIZED'
  | 'DISABLED'
  | 'TOO_MANY_CONNECTIONS'
  | 'DISCONNECTED'
  | 'TIMEOUT'
  | 'E2EE_UNSUPPORTED'
  | 'JOINED_ELSEWHERE';

export type CallState = {
  status: CallStatus;
  error: CallError | null;
  self: SignalPeer | null;
  peers: RemotePeer[];
  /** Newest first. */
  chat: ChatMessageEvent[];
  chatError: SignalErrorCode | null;
  /** The call is end-to-end encrypted: the safety code of the key in use (null until this browser has a key). */
  e2ee: { code: string | null } | null;
  /** The host's view: who waits to be let in. */
  waiting: WaitingPerson[];
  handRaised: boolean;
  /** The host asked this browser to turn a device off (shown once, then cleared). */
  hostMuted: 'audio' | 'video' | null;
  /** Through the media server: the peer speaking now (their tile stands out). */
  speaker: string | null;
};

export const initialCallState: CallState = {
  status: 'idle',
  error: null,
  self: null,
  peers: [],
  chat: [],
  chatError: null,
  e2ee: null,
  waiting: [],
  handRaised: false,
  hostMuted: null,
  speaker: null,
};

/** A share is shown while its identity keeps coming; it lapses this long after the last one. */
export const SHARE_LAPSE_MS = 3500;
/** Spec §9: identity is re-sent every second, so a peer who arrives late learns the state at once. */
export const IDENTITY_INTERVAL_MS = 1000;
export const QUALITY_INTERVAL_MS = 2000;
/** Identity of a screen share carries a stream id with this prefix; the camera's does not. */
export const SCREEN_STREAM_PREFIX = 'screen-';

/** What is known of someone before their first identity: their names and role, from the room. */
export type KnownPeer = { firstName: string; lastName: string; role: SignalPeer['role'] | null; userId?: number | null };

export const newRemotePeer = (peerId: string, known?: KnownPeer): RemotePeer => ({
  peerId,
  userId: known?.userId ?? null,
  firstName: known?.firstName ?? '',
  lastName: known?.lastName ?? '',
  role: known?.role ?? null,
  // The spec's defaults until their first identity says otherwise.
  audioEnabled: true,
  videoEnabled: false,
  bgColor: null,
  sharingUntil: 0,
  link: 'connecting',
  quality: null,
  tracks: {},
  handRaised: false,
});

/** Tile backgrounds dark enough for white and dimmed text to keep WCAG AA contrast. */
export const TILE_COLORS = ['#1f3a52', '#35264f', '#1f4033', '#4a2323', '#43361a', '#2b2f4a'] as const;

/** One colour per stream id, the same on every call of it, so a person keeps their colour for the whole call. */
export const tileColorOf = (streamId: string): string => {
  let hash = 0;
  for (const char of streamId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TILE_COLORS[hash % TILE_COLORS.length];
};

export const isSharing = (peer: RemotePeer, now = Date.now()) => peer.sharingUntil > now;
