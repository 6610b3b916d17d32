import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasRole, useSession } from '../lib/session';
import type { Access } from './route-list';

/** Paths an incomplete profile may still open. */
const ONBOARDING_EXEMPT = ['/onboarding', '/magic-login'];

/** The spec's guard rules, in order: unfinished profile, then sign-in, then role. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const signedIn = Boolean(session.token);

  if (signedIn && !session.profileCompleted && !ONBOARDING_EXEMPT.includes(pathname)) {
    return <Navigate to="/onboarding" replace />;
  }
  if (access === 'public') return children;
  if (access === 'guest') return signedIn ? <Navigate to="/dashboard" replace /> : children;
  if (!signedIn) return <Navigate to="/login" replace />;
  if (access === 'signed-in') return children;
  if (!access.roles.some((role) => hasRole(session, role))) return <Navigate to="/dashboard" replace />;
  return children;
}
