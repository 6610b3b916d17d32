import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler whose identity never changes and that always calls the latest `fn`: a memoised list given it does not
 * render again when its screen's state changes (a dialog opening), which would hold that click's paint.
 */
export function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
