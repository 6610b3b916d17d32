import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { hasRole, useSession } from '../lib/session';

/** Room the page keeps free at its bottom so the floating button never hides its last buttons. */
export const FLOATING_MENU_SPACE = 88;
/** Height of the bar that carries the button on a phone, where a floating one would cover the narrow page. */
export const FLOATING_MENU_BAR = 72;

/** The button's column: its 20 px offset from the edge, its 56 px, and 8 px of air. */
const BUTTON_COLUMN = 84;
/** Mantine's `lg` container (71.25rem), which the layout centres, and the shell's `md` padding. */
const CONTAINER = 1140;
const PADDING = 16;
/**
 * The smallest right padding that keeps the centred page out of the button's column: none extra on a wide screen
 * (the column fits beside the container), the whole column once the container fills the width.
 */
export const FLOATING_MENU_SIDE = `clamp(${PADDING}px, ${CONTAINER + 2 * BUTTON_COLUMN - PADDING}px - 100vw, ${BUTTON_COLUMN}px)`;

/** The spec's floating menu: psychologists with a finished profile, everywhere but the records screen. */
export function useFloatingMenuShown(): boolean {
  const session = useSession();
  const { pathname } = useLocation();
  return Boolean(session.token) && session.profileCompleted && hasRole(session, 'PSYCHOLOGIST') && pathname !== '/doctor/records';
}

/** On a phone the button sits in a bar of its own below the page instead of floating over it. */
export function useFloatingMenuDocked(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
}
