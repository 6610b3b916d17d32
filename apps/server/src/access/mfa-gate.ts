import { RECHECK_WINDOW_MINUTES, type Role } from '@rozmova/contract';
import { AppError } from '../lib/errors.js';
import type { LiveSession } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a session that must still enrol a second factor (its role requires one and it has none). */
    mfaEnrolment?: boolean;
    /** A sensitive action: the owner must have proved a factor on this session within RECHECK_WINDOW_MINUTES. */
    recheck?: boolean;
  }
}

/** Routes of other areas a session that must enrol still reaches: who it is, and signing out. */
const OPEN_WHILE_ENROLLING = new Set(['/api/user/me', '/api/user/role', '/api/auth/logout']);

/** Whether a route is open to a session that must still enrol. */
export const openWhileEnrolling = (url: string, config: { mfaEnrolment?: boolean }): boolean =>
  config.mfaEnrolment === true || OPEN_WHILE_ENROLLING.has(url);

/** Whether this session may do nothing but enrol: its role needs a second factor and it was opened without one. */
export const mustEnrol = (requiredRoles: readonly Role[], session: Pick<LiveSession, 'user' | 'twoFactor'>): boolean =>
  !session.twoFactor && session.user.role !== null && requiredRoles.includes(session.user.role);

export function assertEnrolled(requiredRoles: readonly Role[], session: Pick<LiveSession, 'user' | 'twoFactor'>): void {
  if (mustEnrol(requiredRoles, session)) {
    throw new AppError(403, 'MFA_ENROLMENT_REQUIRED', 'Set up two-step verification before anything else');
  }
}

/** Refuses a sensitive action when the last proof of a factor on this session is older than the window. */
export function assertRecentCheck(session: Pick<LiveSession, 'verifiedAt'>, now: Date): void {
  if (now.getTime() - session.verifiedAt.getTime() > RECHECK_WINDOW_MINUTES * 60_000) {
    throw new AppError(403, 'RECHECK_REQUIRED', 'Confirm it is you again to do this');
  }
}
