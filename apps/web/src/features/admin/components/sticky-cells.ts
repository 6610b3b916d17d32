import type { CSSProperties } from 'react';

/**
 * On a narrow screen the admin tables scroll sideways: the cell naming the row sticks to the left edge once it gets
 * there, and the actions stay at the right edge, so a row's name and its buttons are always in view together.
 */
const sticky = (side: 'left' | 'right'): CSSProperties => ({
  position: 'sticky',
  [side]: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
});
export const stickyName = sticky('left');
export const stickyActions = sticky('right');
