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
  /** How its room names it: the id the client chose for its call, or the socket id. */
  peerId: string;
  /** The room the socket is in, and how it appears to the others there. */
  room: string | null;
  peer: SignalPeer | null;
  /** In a group session's room, on which side: there members show only a last initial, and no one an e-mail. */
  inGroup?: 'PSYCHOLOGIST' | 'PATIENT' | null;
  /** The room whose waiting room the socket is in (it counts only while the socket is in its lobby). */
  waitingIn?: string | null;
  /** In its room: the session's psychologist, who holds the host controls. */
  host?: boolean;
  /** Its room's media and chat are sealed end to end: plain chat is refused there. */
  e2ee?: boolean;
  /** Until when its room's chat is kept (ISO; null: an ad-hoc room's two hours). */
  chatKeptUntil?: string | null;
};

/** Between the processes sharing a Redis: an account changed, so their sockets of it check their session again. */
type ServerSideEvents = { accountChanged: (userId: number) => void };
export type SignalServer = Server<SignalClientEvents, SignalServerEvents, ServerSideEvents, SignalSocketData>;
export type SignalSocket = Socket<SignalClientEvents, SignalServerEvents, ServerSideEvents, SignalSocketData>;

/** socket.io room names: everyone in a call room, one member of it, an account's sockets, one session's sockets. */
export const rooms = {
  call: (room: string) => `call:${room}`,
  member: (room: string, peerId: string) => `member:${room}:${peerId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** A room's host sockets, told who waits; its waiting room; one account's sockets waiting there. */
  host: (room: string) => `host:${room}`,
  lobby: (room: string) => `lobby:${room}`,
  waiter: (room: string, userId: number) => `waiter:${room}:${userId}`,
};
