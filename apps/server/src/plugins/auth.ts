import { timingSafeEqual } from 'node:crypto';
import { toRoleName } from '@rozmova/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, ViewerContext } from '../access/context.js';
import { assertEnrolled, assertRecentCheck, openWhileEnrolling } from '../access/mfa-gate.js';
import { type Access, prefixAccess } from '../access/route-access.js';
import { shareSessionNotices } from '../access/session-bus.js';
import { Tokens } from '../access/tokens.js';
import type { UserRow } from '../db/schema/index.js';
import { forbidden, notFound, unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
    /** The services every request handler passes on; `viewerContext(request)` adds who asks. */
    context: AppContext;
    /** Every /api route with its declared access, for the route-access test and the docs. */
    apiRoutes: () => { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The signed-in account; set on every route that is not public. */
    user: UserRow;
    /** The session id of the bearer token, for logout. */
    sessionId: string;
    /** Whether the session was opened with a second factor (or a passkey). */
    twoFactor: boolean;
  }
}

const bearer = (request: FastifyRequest): string => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized();
  return match[1];
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Callers without the secret learn nothing, not even that the route exists when no secret is configured. */
function checkIntegrationSecret(request: FastifyRequest, expected: string | undefined) {
  if (!expected) throw notFound(`${request.method} ${request.url.split('?')[0]}`);
  const given = request.headers['x-magic-link-secret'];
  if (typeof given !== 'string' || !sameSecret(given, expected)) throw unauthorized('Wrong or missing x-magic-link-secret');
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Deny by default: before body parsing and validation, every /api route checks the bearer token and the role it
 * declares (see access/route-access.ts), so the anonymous get 401 and wrong roles 403 whatever they send.
 */
export default fp(
  async (app: FastifyInstance) => {
    const tokens = new Tokens(app.db, app.config.jwtSecret, () => app.clock.instant(), app.events);
    app.decorate('tokens', tokens);
    app.decorate('context', {
      db: app.db,
      clock: app.clock,
      config: app.config,
      mailer: app.mailer,
      tokens,
      events: app.events,
      jobs: app.jobs,
      log: app.log,
    });
    if (app.config.redisUrl) {
      const notices = await shareSessionNotices(app.config.redisUrl, app.events, tokens.cache, app.log);
      tokens.noticesSent = notices.sent;
      app.addHook('onClose', notices.stop);
    }
    app.decorateRequest('user', null as unknown as UserRow);
    app.decorateRequest('sessionId', '');
    app.decorateRequest('twoFactor', false);

    /** Before body parsing and validation: the bearer token and the declared role, or the integration secret. */
    const checkAccess = async (request: FastifyRequest) => {
      const access = request.routeOptions.config.access ?? 'signed-in';
      if (access === 'public') return;
      if (access === 'integration') return checkIntegrationSecret(request, app.config.magicLinkSecret);
      const session = await tokens.session(bearer(request));
      const { user, sessionId } = session;
      if (access !== 'signed-in' && !(user.role && access.includes(user.role))) {
        throw forbidden(`Only ${access.map((r) => toRoleName(r)).join(', ')} may do this`);
      }
      const { mfaEnrolment, recheck } = request.routeOptions.config;
      if (!openWhileEnrolling(request.routeOptions.url ?? '', { mfaEnrolment })) {
        assertEnrolled(app.config.mfaRequiredRoles, session);
      }
      if (recheck) assertRecentCheck(session, app.clock.instant());
      request.user = user;
      request.sessionId = sessionId;
      request.twoFactor = session.twoFactor;
    };

    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (!isApi(route.url)) return;
      routes.push(route);
      // A route that declares nothing gets the access of its prefix, once, here.
      const byPrefix = route.config?.access === undefined ? prefixAccess(route.url) : undefined;
      if (byPrefix) route.config = { ...route.config, access: byPrefix };
      // OpenAPI shows the routes that take no bearer token as such.
      const access = route.config?.access;
      if ((access === 'public' || access === 'integration') && route.schema) route.schema.security = [];
      // Public routes get no check at all, so liveness and the like stay as cheap as the framework allows.
      if (access === 'public') return;
      route.onRequest = [checkAccess, ...[route.onRequest ?? []].flat()];
    });
    app.decorate('apiRoutes', () =>
      routes.flatMap((r) =>
        [r.method].flat().map((method) => ({ method, url: r.url, access: r.config?.access ?? ('signed-in' as const) })),
      ),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The service context of a request on a signed-in route. */
export const viewerContext = (app: FastifyInstance, request: FastifyRequest): ViewerContext => ({
  ...app.context,
  user: request.user,
  ip: request.ip,
});
