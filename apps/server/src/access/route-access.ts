import type { Role } from '@rozmova/contract';

/**
 * Who may call a route under /api. Deny by default: a route that declares nothing gets the access of its prefix
 * (PREFIX_ACCESS), or else needs a signed-in, enabled account; 'public' routes need none; 'integration' routes need
 * the messaging bot's shared secret (MAGIC_LINK_SECRET) and do not exist without one; a list of roles needs a
 * signed-in account holding one of them.
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

/** Route options that admit any signed-in account, for a route that differs from its prefix's roles. */
export const signedInRoute = { config: { access: 'signed-in' } } as const;

/**
 * The areas of one role: every route under the prefix admits that role unless it declares its own access. The spec
 * names the psychologist's paths both /api/doctor and /api/psychologist, and keeps their notes at /api/api/records.
 */
const PREFIX_ACCESS: readonly (readonly [prefix: string, access: Access])[] = [
  ['/api/admin', ['ADMIN']],
  ['/api/manager', ['MANAGER']],
  ['/api/patient', ['PATIENT']],
  ['/api/doctor', ['PSYCHOLOGIST']],
  ['/api/psychologist', ['PSYCHOLOGIST']],
  ['/api/api/records', ['PSYCHOLOGIST']],
];

/** The access of a route that declares none: its prefix's, if it lies under one. */
export const prefixAccess = (url: string): Access | undefined =>
  PREFIX_ACCESS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1];
