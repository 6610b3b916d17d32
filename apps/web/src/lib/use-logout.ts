import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';
import { clearSession } from './session';

/** How long logging out waits for the server before clearing the browser anyway. */
export const LOGOUT_WAIT_MS = 2000;

/**
 * Asks the server to revoke this session's token. Never fails: a server that is down or slow
 * must not keep anyone signed in on this browser.
 */
export async function logout(waitMs = LOGOUT_WAIT_MS) {
  try {
    await api<void>('/auth/logout', { method: 'POST', signal: AbortSignal.timeout(waitMs) });
  } catch {
    // The browser is cleared all the same.
  }
}

/** Logout revokes the token, then clears all browser storage and cached data and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logout();
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
