import { PEER_ID_PATTERN, type SignalHandshakeError } from '@rozmova/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Tokens } from '../access/tokens.js';
import { AppError } from '../lib/errors.js';
import type { SignalSocket } from './types.js';

type HandshakeFailure = Error & { data: SignalHandshakeError };

const refusal = (data: SignalHandshakeError, message: string): HandshakeFailure => Object.assign(new Error(message), { data });

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A browser page may connect from the public origin or from the origin it was served from (the Host it asked),
 * which covers 127.0.0.1 beside localhost and the dev server's proxy; a page elsewhere may not. Clients that are
 * not browsers send no Origin and are judged by their token alone.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  const given = originOf(origin);
  if (!given) return false;
  return given === originOf(publicUrl) || (host !== undefined && new URL(given).host === host);
}

function tokenOf(socket: SignalSocket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.length > 0 && auth.token.length < 4096) return auth.token;
  const match = /^Bearer\s+(\S+)$/i.exec(socket.handshake.headers.authorization ?? '');
  return match ? match[1] : null;
}

/** The peer id the client chose, when it is well formed; the socket id otherwise. */
function peerIdOf(socket: SignalSocket): string {
  const auth = socket.handshake.auth as { peerId?: unknown } | undefined;
  return typeof auth?.peerId === 'string' && PEER_ID_PATTERN.test(auth.peerId) ? auth.peerId : socket.id;
}

/** The handshake: the origin, then the same token check as HTTP; the account's names and e-mail are kept for relays. */
export function handshake(tokens: Tokens, publicUrl: string, log: FastifyBaseLogger) {
  return async (socket: SignalSocket, next: (err?: Error) => void) => {
    const { origin, host } = socket.handshake.headers;
    if (!originAllowed(origin, host, publicUrl)) {
      return next(refusal({ statusCode: 403, code: 'FORBIDDEN' }, 'This origin may not connect'));
    }
    const token = tokenOf(socket);
    if (!token) return next(refusal({ statusCode: 401, code: 'UNAUTHORIZED' }, 'Sign in to connect'));
    try {
      const { user, sessionId } = await tokens.session(token);
      const { id: userId, email, firstName, lastName } = user;
      socket.data = { token, sessionId, userId, email, firstName, lastName, peerId: peerIdOf(socket), room: null, peer: null };
      next();
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 403) {
        return next(refusal({ statusCode: 403, code: 'DISABLED' }, err.message));
      }
      if (err instanceof AppError && err.statusCode === 401) {
        return next(refusal({ statusCode: 401, code: 'UNAUTHORIZED' }, err.message));
      }
      log.error({ err }, 'signalling handshake failed');
      next(new Error('The server could not check the session'));
    }
  };
}
