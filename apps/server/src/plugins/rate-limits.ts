import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { hasSignedInFrom } from '../access/repository.js';
import { AppError, RateLimitedError } from '../lib/errors.js';
import { networkOf } from '../lib/network.js';
import { closeRedis, FAIL_FAST, openRedis, untilReady } from '../lib/redis.js';

const WINDOW_SECONDS = 15 * 60;
/** A client's wrong passwords for one account make it wait 1, 2, 4 … seconds from the third one, at most a window. */
const LOGIN_FREE_FAILURES = 2;

/**
 * The limits of the README's "Rate limits", declared per route: `code-mail` counts code mails per mailbox and
 * client (sign-in and e-mail confirmation share the counters); `password-login` slows down a client that keeps
 * failing for one account and refuses an account or a client that failed too often from anywhere; `code-confirm`
 * refuses an account that sent too many wrong codes; `integration-secret` refuses a client that sent a wrong
 * messaging-bot secret too often, before the secret is looked at; `note-write` and `review-write` cap how many
 * clinical notes and reviews one account writes; `document-upload` and `avatar-upload` how many files one account
 * sends (each is decoded, whatever became of the last); `measure-submit` how many questionnaires one patient sends;
 * `report-pdf` how many report PDFs one account asks for (each may take a second of a worker to make); `data-export`
 * how many archives of their own data one account asks for (5 an hour); `public-read` how many public pages (the
 * psychologists' list and profiles) one client reads.
 */
export type Limit =
  | 'code-mail'
  | 'password-login'
  | 'code-confirm'
  | 'integration-secret'
  | 'note-write'
  | 'review-write'
  | 'document-upload'
  | 'avatar-upload'
  | 'measure-submit'
  | 'report-pdf'
  | 'data-export'
  | 'public-read';

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: Limit;
  }
}

const unavailable = () => new AppError(503, 'UNAVAILABLE', 'This is unavailable for a moment. Please try again');

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
  return String(typeof body === 'string' ? body : body.email).toLowerCase();
};

/** Providers that ignore dots in the name (`a.b@` and `ab@` are one inbox), under the one name both domains reach. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, for counting only (never for identity): lower case, without a `+tag`, which most
 * mail servers deliver to the same inbox, and without dots where the provider ignores them, so `victim+1@…`,
 * `v.ictim@gmail.com` and `victim@googlemail.com` share one budget.
 */
const mailboxOf = (email: string): string => {
  const at = email.lastIndexOf('@');
  let name = email.slice(0, at).toLowerCase().split('+')[0];
  let domain = email.slice(at + 1).toLowerCase();
  if (DOTLESS_DOMAINS[domain]) {
    name = name.replaceAll('.', '');
    domain = DOTLESS_DOMAINS[domain];
  }
  return `${name}@${domain}`;
};

/** One account as seen from one client: the key of the growing delay, so a stranger's failures never slow the owner. */
const pairOf = (request: FastifyRequest) => `${emailOf(request)}|${request.ip}`;

type Check = [RateLimiterAbstract, string];

export default fp(
  async (app: FastifyInstance) => {
    if (!app.config.rateLimits) return;
    // With REDIS_URL the counters live in Redis, so a limit holds across every process of one deployment (those
    // sharing its database, whose address names the keys); else in this process. A Redis that does not answer fails
    // a request within a second or so, rather than letting it through uncounted or holding it.
    let limiter = (points: number, name: string, duration = WINDOW_SECONDS): RateLimiterAbstract =>
      new RateLimiterMemory({ points, duration, keyPrefix: name });
    if (app.config.redisUrl) {
      const redis = openRedis(app.config.redisUrl, 'rate-limit', app.log, FAIL_FAST);
      app.addHook('onReady', () => untilReady(redis));
      app.addHook('onClose', () => closeRedis(redis));
      const deployment = createHash('sha256')
        .update(app.config.databaseUrl ?? app.config.dataDir)
        .digest('hex')
        .slice(0, 16);
      limiter = (points, name, duration = WINDOW_SECONDS) =>
        new RateLimiterRedis({
          storeClient: redis,
          points,
          duration,
          keyPrefix: `rozmova:limits:${deployment}:${name}`,
          rejectIfRedisNotReady: true,
        });
    }
    const codeByMailbox = limiter(5, 'code-email');
    const codeByIp = limiter(100, 'code-ip');
    const loginByAccount = limiter(100, 'login-account');
    // The global brake: an account's failures from everywhere, which stops even clients it has signed in from before.
    const loginBrakeByAccount = limiter(1000, 'login-account-brake');
    const loginByIp = limiter(100, 'login-ip');
    const loginFailsByPair = limiter(1_000_000, 'login-pair');
    // Holds a client back for one account: blocked keys answer with the time left.
    const loginDelayByPair = limiter(1, 'login-delay');
    const confirmByAccount = limiter(10, 'confirm-account');
    const secretByIp = limiter(20, 'secret-ip');
    const noteByAccount = limiter(30, 'note-account');
    const reviewByAccount = limiter(10, 'review-account');
    const documentByAccount = limiter(20, 'document-account');
    const avatarByAccount = limiter(10, 'avatar-account');
    const measureByAccount = limiter(10, 'measure-account', 60 * 60);
    const pdfByAccount = limiter(30, 'pdf-account');
    const exportByAccount = limiter(5, 'export-account', 60 * 60);
    const publicByIp = limiter(300, 'public-ip');

    /** Refuses with the longest wait when any of the keys has used up its allowance. */
    const enforce = async (checks: Check[], message: string) => {
      const used = await reach(Promise.all(checks.map(([l, key]) => l.get(key))), app.log);
      const waits = used.flatMap((res, i) =>
        res && res.consumedPoints >= checks[i][0].points ? [Math.max(1, Math.ceil(res.msBeforeNext / 1000))] : [],
      );
      if (waits.length > 0) throw new RateLimitedError(Math.max(...waits), message);
    };
    const count = (checks: Check[]) => reach(Promise.all(checks.map(([l, key]) => l.penalty(key, 1))), app.log);
    /**
     * Takes a point from each key in one step per store (the limiter's own consume), so concurrent requests cannot all
     * read "one left" and pass together; refused at the first key with none left, handing back what it took before.
     */
    const spend = async (checks: Check[], message: string) => {
      const taken: Check[] = [];
      for (const [l, key] of checks) {
        try {
          await l.consume(key, 1);
          taken.push([l, key]);
        } catch (res) {
          if (res instanceof Error) await reach(Promise.reject(res), app.log);
          await reach(Promise.all(taken.map(([t, k]) => t.reward(k, 1))), app.log);
          throw new RateLimitedError(Math.max(1, Math.ceil((res as RateLimiterRes).msBeforeNext / 1000)), message);
        }
      }
    };

    /**
     * Strangers' failures lock an account for new clients only: a network the account has signed in from before meets
     * just the global brake, so a spray from many addresses does not lock the owner out at home.
     */
    const loginChecks = async (request: FastifyRequest): Promise<Check[]> => {
      const network = networkOf(request.ip);
      const known = network !== undefined && (await hasSignedInFrom(app.db, emailOf(request), network));
      return [
        [loginDelayByPair, pairOf(request)],
        known ? [loginBrakeByAccount, emailOf(request)] : [loginByAccount, emailOf(request)],
        [loginByIp, request.ip],
      ];
    };

    // After validation, so the body is known to be well-formed.
    const check = async (request: FastifyRequest) => {
      const limit = request.routeOptions.config.limit;
      if (limit === 'code-mail') {
        await spend(
          [
            [codeByMailbox, mailboxOf(emailOf(request))],
            [codeByIp, request.ip],
          ],
          'Too many codes were requested.',
        );
      } else if (limit === 'password-login') {
        await enforce(await loginChecks(request), 'Too many failed sign-in attempts.');
      } else if (limit === 'code-confirm') {
        await enforce([[confirmByAccount, String(request.user.id)]], 'Too many wrong codes.');
      } else if (limit === 'note-write') {
        await spend([[noteByAccount, String(request.user.id)]], 'Too many notes were saved.');
      } else if (limit === 'review-write') {
        await spend([[reviewByAccount, String(request.user.id)]], 'Too many reviews were saved.');
      } else if (limit === 'document-upload') {
        await spend([[documentByAccount, String(request.user.id)]], 'Too many documents were sent.');
      } else if (limit === 'avatar-upload') {
        await spend([[avatarByAccount, String(request.user.id)]], 'Too many pictures were sent.');
      } else if (limit === 'measure-submit') {
        await spend([[measureByAccount, String(request.user.id)]], 'Too many questionnaires were sent.');
      } else if (limit === 'report-pdf') {
        await spend([[pdfByAccount, String(request.user.id)]], 'Too many PDFs were asked for.');
      } else if (limit === 'data-export') {
        await spend([[exportByAccount, String(request.user.id)]], 'Too many exports were asked for.');
      } else if (limit === 'public-read') {
        await spend([[publicByIp, request.ip]], 'Too many pages were read.');
      }
    };

    const countLoginFailure = async (request: FastifyRequest) => {
      const pair = pairOf(request);
      const [fails] = await count([
        [loginFailsByPair, pair],
        [loginByAccount, emailOf(request)],
        [loginBrakeByAccount, emailOf(request)],
        [loginByIp, request.ip],
      ]);
      const delayed = fails.consumedPoints - LOGIN_FREE_FAILURES;
      if (delayed > 0) {
        await reach(loginDelayByPair.block(pair, Math.min(2 ** (delayed - 1), WINDOW_SECONDS)), app.log);
      }
    };

    const countFailure = async (request: FastifyRequest, _reply: unknown, error: Error) => {
      if (!(error instanceof AppError)) return;
      const limit = request.routeOptions.config.limit;
      // A failure that cannot be counted is logged, and the answer stays the failure the client earned.
      const counted = (work: Promise<unknown>) => work.catch(() => undefined);
      if (limit === 'password-login' && error.code === 'BAD_CREDENTIALS') {
        await counted(countLoginFailure(request));
      } else if (limit === 'code-confirm' && error.code === 'BAD_CODE') {
        await counted(count([[confirmByAccount, String(request.user.id)]]));
      } else if (limit === 'integration-secret' && error.code === 'UNAUTHORIZED') {
        await counted(count([[secretByIp, request.ip]]));
      }
    };

    // The right password starts this client's count for the account afresh (before the answer leaves, so the
    // client's next try already sees it).
    const forgiveLogin = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.routeOptions.config.limit === 'password-login' && reply.statusCode === 200) {
        const pair = pairOf(request);
        await Promise.all([loginFailsByPair.delete(pair), loginDelayByPair.delete(pair)]).catch((err) =>
          app.log.warn({ err }, 'sign-in failures not cleared'),
        );
      }
      return payload;
    };

    const checkSecretTries = (request: FastifyRequest) =>
      enforce([[secretByIp, request.ip]], 'Too many wrong secrets were sent.');

    // Only on the routes that declare a limit: every other request runs none of this.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.limit;
      if (!limit) return;
      // Ahead of the secret check itself (plugins/auth.ts), so guessing stops answering.
      if (limit === 'integration-secret') route.onRequest = [checkSecretTries, ...[route.onRequest ?? []].flat()];
      route.preHandler = [check, ...[route.preHandler ?? []].flat()];
      route.onError = [countFailure, ...[route.onError ?? []].flat()];
      if (limit === 'password-login') route.onSend = [forgiveLogin, ...[route.onSend ?? []].flat()];
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
