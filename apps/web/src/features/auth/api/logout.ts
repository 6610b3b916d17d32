import { signInCall } from './sign-in-call';

/** How long signing out waits for the server before clearing the browser anyway (as lib/use-logout.ts). */
const LOGOUT_WAIT_MS = 2000;

/** Revokes a session's token on the server; never fails, so a server that is down keeps nobody signed in here. */
export async function logoutHere(token: string): Promise<void> {
  try {
    await signInCall<void>('/auth/logout', { method: 'POST', token, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
  } catch {
    // The browser is cleared all the same.
  }
}
