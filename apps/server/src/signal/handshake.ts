import { createHmac } from 'node:crypto';
import { CALL_KEY_PATTERN, type Role, type SignalHandshakeError } from '@rozmova/contract';
import type { FastifyBaseLogger } from 'fastify';
import { assertEnrolled } from '../access/mfa-gate.js';
import type { Tokens } from '../access/tokens.js';
import { AppError } from '../lib/errors.js';
import { originMatcher } from '../lib/hosts.js';
import type { SignalSocket } from './types.js';

type HandshakeFailure = Error & { data: SignalHandshakeError };

const refusal = (data: SignalHandshakeError, message: string): HandshakeFailure => Object.assign(new Error(message), { data });

function tokenOf(socket: SignalSocket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.length > 0 && auth.token.length < 4096) return auth.token;
  const match = /^Bearer\s+(\S+)$/i.exec(socket.handshake.headers.authorization ?? '');
  return match ? match[1] : null;
}

/**
 * The peer id for the client's call key: derived from the account and the key with the server's secret, so it is the
 * same on every connection and process, and another account cannot arrive at it. Without a key, the socket id.
 */
function peerIdOf(socket: SignalSocket, userId: number, secret: string): string {
  const auth = socket.handshake.auth as { callKey?: unknown } | undefined;
  if (typeof auth?.callKey !== 'string' || !CALL_KEY_PATTERN.test(auth.callKey)) return socket.id;
  const mac = createHmac('sha256', secret).update(`signal-peer:${userId}:${auth.callKey}`).digest('base64url');
  return `p${mac.slice(0, 32)}`;
}

/**
 * The handshake: the origin, then the same token check as HTTP; the account's names and e-mail are kept for relays.
 * A browser page may connect from the public origin, a host of ALLOWED_HOSTS or a loopback one (the dev server's
 * proxy); clients that are not browsers send no Origin and are judged by their token alone.
 */
export function handshake(
  tokens: Tokens,
  config: { publicUrl: string; allowedHosts: string[]; jwtSecret: string; mfaRequiredRoles: Role[] },
  log: FastifyBaseLogger,
) {
  const originAllowed = originMatcher(config.publicUrl, config.allowedHosts);
  return async (socket: SignalSocket, next: (err?: Error) => void) => {
    const { origin } = socket.handshake.headers;
    if (origin !== undefined && !originAllowed(origin)) {
      return next(refusal({ statusCode: 403, code: 'FORBIDDEN' }, 'This origin may not connect'));
    }
    const token = tokenOf(socket);
    if (!token) return next(refusal({ statusCode: 401, code: 'UNAUTHORIZED' }, 'Sign in to connect'));
    try {
      const session = await tokens.session(token);
      assertEnrolled(config.mfaRequiredRoles, session);
      const { user, sessionId } = session;
      const { id: userId, email, firstName, lastName } = user;
      socket.data = {
        token,
        sessionId,
        userId,
        email,
        firstName,
        lastName,
        peerId: peerIdOf(socket, userId, config.jwtSecret),
        room: null,
        peer: null,
      };
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
