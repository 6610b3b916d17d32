import type { AuthResponse, RoleName } from '@rozmova/contract';
import { useSyncExternalStore } from 'react';

/** The browser session, kept in localStorage under the spec's keys. */
export type Session = {
  token: string | null;
  email: string | null;
  role: RoleName | null;
  profileCompleted: boolean;
  user: { firstName?: string; lastName?: string; id?: number } | null;
};

const listeners = new Set<() => void>();
let cached: Session | null = null;

function read(): Session {
  const user = localStorage.getItem('user');
  let parsedUser: Session['user'] = null;
  try {
    parsedUser = user ? JSON.parse(user) : null;
  } catch {
    parsedUser = null;
  }
  return {
    token: localStorage.getItem('token'),
    email: localStorage.getItem('email'),
    role: (localStorage.getItem('role') || null) as RoleName | null,
    profileCompleted: localStorage.getItem('profileCompleted') === 'true',
    user: parsedUser,
  };
}

function changed() {
  cached = null;
  for (const l of listeners) l();
}

export function getSession(): Session {
  cached ??= read();
  return cached;
}

export function saveAuth(auth: AuthResponse) {
  localStorage.setItem('token', auth.token);
  localStorage.setItem('email', auth.email);
  if (auth.role) localStorage.setItem('role', auth.role);
  else localStorage.removeItem('role');
  localStorage.setItem('profileCompleted', String(auth.profileCompleted));
  signedOutHere = false;
  // A sign-in (not a reopened tab) settles the screen's language and zone with the account's once
  // (features/profile/sign-in-check).
  localStorage.setItem(SIGN_IN_CHECK_KEY, 'due');
  changed();
}

const RETURN_KEY = 'returnTo';

// Set by a sign-out in this page: the screen left then is not somewhere the next sign-in should go back to.
let signedOutHere = false;

/** Where a signed-out visitor was headed (a mail's link): sign-in, and onboarding after it, go on there. */
export function rememberReturn(path: string) {
  if (!signedOutHere) sessionStorage.setItem(RETURN_KEY, path);
}

/** The path a sign-in is headed to; only a path of this app. */
export function returnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** The path a sign-in was headed to, once. */
export function takeReturn(): string | null {
  const path = returnPath();
  sessionStorage.removeItem(RETURN_KEY);
  return path;
}

/** Set at each sign-in until the account's language and zone have been settled with this device's. */
export const SIGN_IN_CHECK_KEY = 'signInCheck';

export function updateSession(patch: Partial<Pick<Session, 'email' | 'role' | 'profileCompleted' | 'user'>>) {
  if (patch.email !== undefined && patch.email !== null) localStorage.setItem('email', patch.email);
  if (patch.role) localStorage.setItem('role', patch.role);
  if (patch.profileCompleted !== undefined) localStorage.setItem('profileCompleted', String(patch.profileCompleted));
  if (patch.user !== undefined) localStorage.setItem('user', JSON.stringify(patch.user));
  changed();
}

/**
 * Logout (by hand, or after a dead session or a disabled account) clears all browser storage, as the spec requires,
 * then writes the chosen language back, so the screen after it stays in the user's language.
 */
export function clearSession() {
  const locale = localStorage.getItem('locale');
  localStorage.clear();
  sessionStorage.clear();
  signedOutHere = true;
  if (locale) localStorage.setItem('locale', locale);
  changed();
}

/** The role check of the route guards: a substring match on the stored role. */
export const hasRole = (session: Session, role: string) => Boolean(session.role?.includes(role));

/**
 * Pages are pre-rendered at build time for a visitor who is not signed in, so hydration starts from that session and
 * React then re-renders with the stored one.
 */
const SIGNED_OUT: Session = { token: null, email: null, role: null, profileCompleted: false, user: null };

export function useSession(): Session {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSession,
    () => SIGNED_OUT,
  );
}

// Another tab signing in or out changes this tab's session too.
globalThis.window?.addEventListener('storage', (e) => {
  if (e.key === null || ['token', 'role', 'profileCompleted', 'email', 'user'].includes(e.key)) changed();
});
