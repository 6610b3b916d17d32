import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasRole, rememberReturn, returnPath, takeReturn, useSession } from '../lib/session';
import type { Access } from './route-list';

/** Paths an incomplete profile may still open. */
const ONBOARDING_EXEMPT = ['/onboarding', '/magic-login'];

/** The spec's guard rules, in order: unfinished profile, then sign-in, then role. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const signedIn = Boolean(session.token);

  if (signedIn && !session.profileCompleted && !ONBOARDING_EXEMPT.includes(pathname)) {
    return <Navigate to="/onboarding" replace />;
  }
  if (access === 'public') return children;
  // The sign-in page itself sends a fresh sign-in on, to where the visitor was headed if anywhere.
  if (access === 'guest') return signedIn ? <Navigate to={takeReturn() ?? '/dashboard'} replace /> : children;
  if (!signedIn) {
    rememberReturn(`${pathname}${search}`);
    return <Navigate to="/login" replace />;
  }
  // Arrived where the sign-in was headed: nothing more to go on to.
  if (returnPath() === `${pathname}${search}`) takeReturn();
  if (access === 'signed-in') return children;
  if (!access.roles.some((role) => hasRole(session, role))) return <Navigate to="/dashboard" replace />;
  return children;
}
