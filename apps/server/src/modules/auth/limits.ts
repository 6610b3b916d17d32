import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { WindowLimiter } from './limiter.js';

const WINDOW_MS = 15 * 60 * 1000;

/** A 429 that tells the client, through Retry-After, when to try again. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'RATE_LIMITED', `${message} Try again in ${retryAfterSeconds} seconds.`);
  }
}

/** The limits of interfaces.md "Rate limits"; code mails share their counters across both purposes. */
export type AuthLimits = {
  /** Checks and counts one code mail for this address from this client. */
  codeRequest: (request: FastifyRequest, email: string) => void;
  /** Refuses a password login when the account or the client has failed too often. */
  loginAllowed: (request: FastifyRequest, email: string) => void;
  loginFailed: (request: FastifyRequest, email: string) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    authLimits: AuthLimits;
  }
}

function enforce(checks: [WindowLimiter, string][], message: string) {
  const waits = checks.map(([limiter, key]) => limiter.blockedFor(key)).filter((s) => s !== null);
  if (waits.length > 0) throw new RateLimitedError(Math.max(...waits), message);
}

function createLimits(enabled: boolean): AuthLimits {
  if (!enabled) return { codeRequest: () => {}, loginAllowed: () => {}, loginFailed: () => {} };
  const codeByEmail = new WindowLimiter(5, WINDOW_MS);
  const codeByIp = new WindowLimiter(100, WINDOW_MS);
  const loginByAccount = new WindowLimiter(10, WINDOW_MS);
  const loginByIp = new WindowLimiter(100, WINDOW_MS);
  return {
    codeRequest: (request, email) => {
      enforce(
        [
          [codeByEmail, email],
          [codeByIp, request.ip],
        ],
        'Too many codes were requested.',
      );
      codeByEmail.hit(email);
      codeByIp.hit(request.ip);
    },
    loginAllowed: (request, email) =>
      enforce(
        [
          [loginByAccount, email],
          [loginByIp, request.ip],
        ],
        'Too many failed sign-in attempts.',
      ),
    loginFailed: (request, email) => {
      loginByAccount.hit(email);
      loginByIp.hit(request.ip);
    },
  };
}

/** One set of counters per app, shared by the auth and onboarding routes. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('authLimits', createLimits(app.config.rateLimits));
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    });
  },
  { name: 'auth-limits' },
);
