import { useLocation } from 'react-router';
import { hasRole, useSession } from '../lib/session';

/** Room the page keeps free at its bottom so the floating button never hides its last buttons. */
export const FLOATING_MENU_SPACE = 88;

/** The spec's floating menu: psychologists with a finished profile, everywhere but the records screen. */
export function useFloatingMenuShown(): boolean {
  const session = useSession();
  const { pathname } = useLocation();
  return Boolean(session.token) && session.profileCompleted && hasRole(session, 'PSYCHOLOGIST') && pathname !== '/doctor/records';
}
