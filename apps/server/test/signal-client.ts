import {
  type JoinAck,
  SIGNAL_PATH,
  type SignalClientEvents,
  type SignalHandshakeError,
  type SignalServerEvents,
} from '@rozmova/contract';
import { io, type Socket } from 'socket.io-client';

export type SignalClient = Socket<SignalServerEvents, SignalClientEvents>;
type ServerEvent = keyof SignalServerEvents;
type Payload<E extends ServerEvent> = Parameters<SignalServerEvents[E]>[0];

type ConnectOptions = {
  token?: string;
  origin?: string;
  /** More request headers (Host included), as a client that is not a browser may send them. */
  headers?: Record<string, string>;
  transports?: ('polling' | 'websocket')[];
  /** Sent as `auth.callKey`, to be the same peer again on a later connection. */
  callKey?: string;
  /** More handshake fields, as a hostile client might send them. */
  auth?: Record<string, unknown>;
};

/** A socket.io client that does not reconnect by itself, so a refusal or a disconnect stays visible. */
export function signalClient(baseUrl: string, opts: ConnectOptions = {}): SignalClient {
  return io(baseUrl, {
    path: SIGNAL_PATH,
    auth: {
      ...opts.auth,
      ...(opts.token === undefined ? {} : { token: opts.token }),
      ...(opts.callKey ? { callKey: opts.callKey } : {}),
    },
    transports: opts.transports ?? ['websocket'],
    extraHeaders: opts.origin || opts.headers ? { ...opts.headers, ...(opts.origin && { origin: opts.origin }) } : undefined,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
}

/** Connects; resolves with the client, or rejects with the handshake's refusal data. */
export function connect(baseUrl: string, opts: ConnectOptions = {}): Promise<SignalClient> {
  const socket = signalClient(baseUrl, opts);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(Object.assign(err, { data: (err as { data?: SignalHandshakeError }).data }));
    });
  });
}

/** The refusal a handshake ends with, or 'connected'. */
export async function handshakeOutcome(baseUrl: string, opts: ConnectOptions = {}) {
  try {
    (await connect(baseUrl, opts)).close();
    return 'connected';
  } catch (err) {
    return (err as { data?: SignalHandshakeError }).data ?? (err as Error).message;
  }
}

export const join = (socket: SignalClient, room: unknown): Promise<JoinAck> =>
  socket.timeout(5000).emitWithAck('join', room as { room: string });

/** Collects every payload of the named events a socket receives, to assert on what arrived and what did not. */
export class Inbox {
  readonly received: { event: ServerEvent; body: unknown }[] = [];
  private waiters: (() => void)[] = [];

  constructor(socket: SignalClient, events: ServerEvent[]) {
    for (const event of events) {
      socket.on(event, ((body: unknown) => {
        this.received.push({ event, body });
        for (const w of this.waiters) w();
      }) as never);
    }
  }

  of<E extends ServerEvent>(event: E): Payload<E>[] {
    return this.received.filter((r) => r.event === event).map((r) => r.body as Payload<E>);
  }

  /** Resolves with the first payload of the event that matches, waiting for it up to the timeout. */
  next<E extends ServerEvent>(event: E, match: (body: Payload<E>) => boolean = () => true, timeoutMs = 5000) {
    return new Promise<Payload<E>>((resolve, reject) => {
      const check = () => {
        const found = this.of(event).find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) this.waiters.push(check);
    });
  }
}

export const ALL_EVENTS: ServerEvent[] = [
  'peer-joined',
  'peer-left',
  'description',
  'candidate',
  'identity',
  'audio-toggle',
  'video-toggle',
  'share-stopped',
  'chat-message',
  'room-closed',
  'server-going-away',
  'signal-error',
  'waiting',
  'admitted',
  'host-mute',
  'hand',
  'e2ee-public-key',
  'e2ee-session-key',
];

/** Resolves when the socket is disconnected (by the server), with the reason. */
export const disconnected = (socket: SignalClient, timeoutMs = 5000) =>
  new Promise<string>((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
