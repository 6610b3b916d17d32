import type { SignalClientEvents, SignalPeer, SignalServerEvents } from '@rozmova/contract';
import type { Server, Socket } from 'socket.io';

/** What the server keeps about a socket; plain data, so other processes can read it through the Redis adapter. */
export type SignalSocketData = {
  token: string;
  sessionId: string;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The room the socket is in, and how it appears to the others there. */
  room: string | null;
  peer: SignalPeer | null;
};

// biome-ignore lint/complexity/noBannedTypes: socket.io's slot for server-to-server events, which this server does not use
type NoEvents = {};
export type SignalServer = Server<SignalClientEvents, SignalServerEvents, NoEvents, SignalSocketData>;
export type SignalSocket = Socket<SignalClientEvents, SignalServerEvents, NoEvents, SignalSocketData>;

/** socket.io room names: everyone in a call room, one member of it, an account's sockets, one session's sockets. */
export const rooms = {
  call: (room: string) => `call:${room}`,
  member: (room: string, peerId: string) => `member:${room}:${peerId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};
