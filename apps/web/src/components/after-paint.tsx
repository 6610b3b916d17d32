import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders `fallback` first and `children` in a background render right after: a dialog whose content is heavy (a
 * list of many times, a rich-text editor) paints its frame at once on the click that opened it, and its content
 * follows without holding that click's next paint.
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
