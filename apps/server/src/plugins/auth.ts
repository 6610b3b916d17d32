import { type Role, toRoleName } from '@rozmova/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { findUserById, type UserRow } from '../modules/users/repository.js';

const TOKEN_LIFETIME = '7d';

declare module 'fastify' {
  interface FastifyInstance {
    signToken: (userId: number) => Promise<string>;
    /** Any signed-in, enabled account, whatever its role. */
    authenticate: preHandlerAsyncHookHandler;
    /** A signed-in, enabled account holding one of the roles. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: UserRow;
  }
}

/** Reads the current user set by authenticate/requireRole; only valid on guarded routes. */
export const currentUser = (request: FastifyRequest): UserRow => request.user;

export default fp(
  async (app: FastifyInstance) => {
    const key = new TextEncoder().encode(app.config.jwtSecret);

    app.decorate('signToken', (userId: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    );

    // Every request re-reads the account, so a disabled or deleted account loses access at once.
    async function loadUser(request: FastifyRequest): Promise<UserRow> {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized();
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'] });
        subject = payload.sub;
      } catch {
        throw unauthorized('Your session has expired. Please sign in again');
      }
      const id = Number(subject);
      const user = Number.isSafeInteger(id) ? await findUserById(app.db, id) : undefined;
      if (!user) throw unauthorized('Your session has expired. Please sign in again');
      if (!user.enabled) throw new AppError(403, 'DISABLED', 'This account is disabled');
      return user;
    }

    app.decorateRequest('user', null as unknown as UserRow);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await loadUser(request);
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      const user = await loadUser(request);
      if (!user.role || !roles.includes(user.role)) {
        throw forbidden(`Only ${roles.map((r) => toRoleName(r)).join(', ')} may do this`);
      }
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
