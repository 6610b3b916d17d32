import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../lib/errors.js';
import { closeRedis, FAIL_FAST, openRedis } from '../lib/redis.js';
import { MemoryWindows, RedisWindows, type WindowLimiter } from '../lib/window-limiter.js';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * The limits of interfaces.md "Rate limits", declared per route: `code-mail` counts code mails per address and
 * client (sign-in and e-mail confirmation share the counters); `password-login` and `code-confirm` refuse a
 * client or account that has failed too often, and count each failure; `integration-secret` refuses a client that
 * has sent a wrong messaging-bot secret too often, before the secret is looked at.
 */
export type Limit = 'code-mail' | 'password-login' | 'code-confirm' | 'integration-secret';

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: Limit;
  }
}

const unavailable = () => new AppError(503, 'UNAVAILABLE', 'Signing in is unavailable for a moment. Please try again');

/** The limiter's answer, or a clear 503 when its store (Redis) does not answer. */
async function reach<T>(work: Promise<T>, log: FastifyInstance['log']): Promise<T> {
  try {
    return await work;
  } catch (err) {
    log.warn({ err }, 'rate-limit store unavailable');
    throw unavailable();
  }
}

/** The address a code or login request is about: the body's `email`, or the body itself for send-code. */
const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | string;
  return String(typeof body === 'string' ? body : body.email);
};

/**
 * The mailbox an address reaches, for counting only (never for identity): lower case, without a `+tag`, which most
 * mail servers deliver to the same inbox, so `victim+1@…` to `victim+80@…` share one budget.
 */
const mailboxOf = (email: string): string => {
  const [local, ...domain] = email.toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain.join('@')}`;
};

export default fp(
  async (app: FastifyInstance) => {
    if (!app.config.rateLimits) return;
    // With REDIS_URL the counters live in Redis, so a limit holds across every process of one deployment (those
    // sharing its database, whose address names the keys); else in this process. A Redis that does not answer fails
    // a request within a second or so, rather than letting it through uncounted or holding it.
    let limiter = (max: number, _name: string): WindowLimiter => new MemoryWindows(max, WINDOW_MS);
    if (app.config.redisUrl) {
      const redis = openRedis(app.config.redisUrl, 'rate-limit', app.log, FAIL_FAST);
      app.addHook('onClose', () => closeRedis(redis));
      const deployment = createHash('sha256')
        .update(app.config.databaseUrl ?? app.config.dataDir)
        .digest('hex')
        .slice(0, 16);
      limiter = (max, name) => new RedisWindows(redis, `rozmova:limits:${deployment}:${name}:`, max, WINDOW_MS);
    }
    const codeByEmail = limiter(5, 'code-email');
    const codeByIp = limiter(100, 'code-ip');
    const loginByAccount = limiter(10, 'login-account');
    const loginByIp = limiter(100, 'login-ip');
    const confirmByAccount = limiter(10, 'confirm-account');
    const secretByIp = limiter(20, 'secret-ip');

    const now = () => app.clock.instant().getTime();
    const enforce = async (checks: [WindowLimiter, string][], message: string) => {
      const at = now();
      const waits = (await reach(Promise.all(checks.map(([l, key]) => l.blockedFor(key, at))), app.log)).filter(
        (s) => s !== null,
      );
      if (waits.length > 0) throw new RateLimitedError(Math.max(...waits), message);
    };
    const count = (checks: [WindowLimiter, string][]) => reach(Promise.all(checks.map(([l, key]) => l.hit(key, now()))), app.log);

    // After validation, so the body is known to be well-formed.
    const check = async (request: FastifyRequest) => {
      const limit = request.routeOptions.config.limit;
      if (limit === 'code-mail') {
        const checks: [WindowLimiter, string][] = [
          [codeByEmail, mailboxOf(emailOf(request))],
          [codeByIp, request.ip],
        ];
        await enforce(checks, 'Too many codes were requested.');
        await count(checks);
      } else if (limit === 'password-login') {
        await enforce(
          [
            [loginByAccount, emailOf(request)],
            [loginByIp, request.ip],
          ],
          'Too many failed sign-in attempts.',
        );
      } else if (limit === 'code-confirm') {
        await enforce([[confirmByAccount, String(request.user.id)]], 'Too many wrong codes.');
      }
    };

    const countFailure = async (request: FastifyRequest, _reply: unknown, error: Error) => {
      if (!(error instanceof AppError)) return;
      const limit = request.routeOptions.config.limit;
      // A failure that cannot be counted is logged, and the answer stays the failure the client earned.
      const counted = (checks: [WindowLimiter, string][]) => count(checks).catch(() => undefined);
      if (limit === 'password-login' && error.code === 'BAD_CREDENTIALS') {
        await counted([
          [loginByAccount, emailOf(request)],
          [loginByIp, request.ip],
        ]);
      } else if (limit === 'code-confirm' && error.code === 'BAD_CODE') {
        await counted([[confirmByAccount, String(request.user.id)]]);
      } else if (limit === 'integration-secret' && error.code === 'UNAUTHORIZED') {
        await counted([[secretByIp, request.ip]]);
      }
    };
    const checkSecretTries = (request: FastifyRequest) =>
      enforce([[secretByIp, request.ip]], 'Too many wrong secrets were sent.');

    // Only on the routes that declare a limit: every other request runs none of this.
    app.addHook('onRoute', (route) => {
      if (!route.config?.limit) return;
      // Ahead of the secret check itself (plugins/auth.ts), so guessing stops answering.
      if (route.config.limit === 'integration-secret') route.onRequest = [checkSecretTries, ...[route.onRequest ?? []].flat()];
      route.preHandler = [check, ...[route.preHandler ?? []].flat()];
      route.onError = [countFailure, ...[route.onError ?? []].flat()];
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
