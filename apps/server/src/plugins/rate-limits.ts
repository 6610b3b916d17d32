import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../lib/errors.js';
import { WindowLimiter } from '../lib/window-limiter.js';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * The limits of interfaces.md "Rate limits", declared per route: `code-mail` counts code mails per address and
 * client (sign-in and e-mail confirmation share the counters); `password-login` and `code-confirm` refuse a
 * client or account that has failed too often, and count each failure.
 */
export type Limit = 'code-mail' | 'password-login' | 'code-confirm';

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: Limit;
  }
}

function enforce(checks: [WindowLimiter, string][], now: number, message: string) {
  const waits = checks.map(([limiter, key]) => limiter.blockedFor(key, now)).filter((s) => s !== null);
  if (waits.length > 0) throw new RateLimitedError(Math.max(...waits), message);
}

/** The address a code or login request is about: the body's `email`, or the body itself for send-code. */
const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | string;
  return String(typeof body === 'string' ? body : body.email);
};

export default fp(
  async (app: FastifyInstance) => {
    if (!app.config.rateLimits) return;
    const codeByEmail = new WindowLimiter(5, WINDOW_MS);
    const codeByIp = new WindowLimiter(100, WINDOW_MS);
    const loginByAccount = new WindowLimiter(10, WINDOW_MS);
    const loginByIp = new WindowLimiter(100, WINDOW_MS);
    const confirmByAccount = new WindowLimiter(10, WINDOW_MS);

    // After validation, so the body is known to be well-formed.
    const now = () => app.clock.instant().getTime();

    app.addHook('preHandler', async (request) => {
      const limit = request.routeOptions.config.limit;
      if (limit === 'code-mail') {
        const email = emailOf(request);
        enforce(
          [
            [codeByEmail, email],
            [codeByIp, request.ip],
          ],
          now(),
          'Too many codes were requested.',
        );
        codeByEmail.hit(email, now());
        codeByIp.hit(request.ip, now());
      } else if (limit === 'password-login') {
        enforce(
          [
            [loginByAccount, emailOf(request)],
            [loginByIp, request.ip],
          ],
          now(),
          'Too many failed sign-in attempts.',
        );
      } else if (limit === 'code-confirm') {
        enforce([[confirmByAccount, String(request.user.id)]], now(), 'Too many wrong codes.');
      }
    });

    app.addHook('onError', async (request, _reply, error) => {
      if (!(error instanceof AppError)) return;
      const limit = request.routeOptions.config.limit;
      if (limit === 'password-login' && error.code === 'BAD_CREDENTIALS') {
        loginByAccount.hit(emailOf(request), now());
        loginByIp.hit(request.ip, now());
      } else if (limit === 'code-confirm' && error.code === 'BAD_CODE') {
        confirmByAccount.hit(String(request.user.id), now());
      }
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
