import { MAX_SOCKETS_PER_ACCOUNT, type SignalHandshakeError } from '@rozmova/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyedRunner } from './limits.js';
import { rooms, type SignalServer, type SignalSocket } from './types.js';

const TOO_MANY: SignalHandshakeError = { statusCode: 429, code: 'TOO_MANY_CONNECTIONS' };

/**
 * The last handshake step: an account holds at most MAX_SOCKETS_PER_ACCOUNT sockets over every process. Handshakes of
 * one account run one at a time (`accounts`), each counting the account's connected sockets; the turn ends only once
 * the admitted socket is connected (socket.io connects it on the tick after `next()`), so the next one counts it.
 * Should the count fail (Redis away), the socket is admitted: a call going on matters more than the cap.
 */
export function capSockets(io: SignalServer, accounts: KeyedRunner, log: FastifyBaseLogger) {
  return (socket: SignalSocket, next: (err?: Error) => void) => {
    const { userId } = socket.data;
    let answered = false;
    const answer = (err?: Error) => {
      if (!answered) next(err);
      answered = true;
    };
    accounts
      .run(`${userId}`, async () => {
        const held = (await io.in(rooms.user(userId)).fetchSockets()).length;
        if (held >= MAX_SOCKETS_PER_ACCOUNT) {
          return answer(
            Object.assign(new Error(`At most ${MAX_SOCKETS_PER_ACCOUNT} connections per account`), { data: TOO_MANY }),
          );
        }
        answer();
        await new Promise((resolve) => setImmediate(resolve));
      })
      .catch((err) => {
        log.warn({ err }, 'signalling could not count the sockets of an account');
        answer();
      });
  };
}
