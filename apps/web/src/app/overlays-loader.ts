import { useEffect, useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** overlays.tsx calls this once its providers listen for calls. */
export const overlaysMounted = () => markMounted();

/**
 * Asks for the modals and toasts host (overlays.tsx) and resolves once it listens: screens that open modals wait for
 * it before they render, toasts queue in their store until it mounts, and the app asks for it anyway once the
 * browser is idle.
 */
export function loadOverlays(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return mounted;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether the host should be mounted; false during hydration, like the pre-rendered HTML. */
export function useOverlaysWanted(): boolean {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    const request = () => void loadOverlays();
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(request, 1000);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(request, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return shown;
}
