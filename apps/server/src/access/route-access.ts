import type { Role } from '@rozmova/contract';

/**
 * Who may call a route under /api. Deny by default: a route that declares nothing needs a signed-in, enabled account;
 * 'public' routes need none; 'integration' routes need the messaging bot's shared secret (MAGIC_LINK_SECRET) and do
 * not exist without one; a list of roles needs a signed-in account holding one of them.
 */
export type Access = 'public' | 'integration' | 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route options that open a route to anyone. */
export const publicRoute = { config: { access: 'public' } } as const;

/** Route options that admit signed-in accounts holding one of the roles. */
export const forRoles = (...roles: Role[]) => ({ config: { access: roles } });
