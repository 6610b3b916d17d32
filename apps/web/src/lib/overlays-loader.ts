import { useEffect, useSyncExternalStore } from 'react';

/** How long the first page stays quiet before the host loads anyway. */
const QUIET_MS = 10_000;
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
let mounted: Promise<void>;
const awaitHost = () => {
  mounted = new Promise<void>((resolve) => {
    markMounted = resolve;
  });
};
awaitHost();

/**
 * overlays.tsx calls this once its providers listen for calls; its cleanup runs when that host goes (the sign-in
 * card's own, when the app takes the page over), so later calls wait for the next host instead of opening into none.
 */
export const overlaysMounted = () => {
  markMounted();
  return awaitHost;
};

/**
 * Asks for the modals and toasts host (overlays.tsx) and resolves once it listens: screens that open modals wait for
 * it before they render, toasts queue in their store until it mounts, and the app asks for it anyway on the first
 * interaction or once the page has been quiet a while.
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
    // Not at once: on the first pages the host would be work the browser does before the visitor needs it. It comes
    // with the first interaction (every toast or modal there answers one), or once the page has been quiet a while.
    const request = () => {
      stop();
      void loadOverlays();
    };
    // Clicks, input and submits too: early-input.js replays those, whose pointer and key events came before this.
    const events = ['pointerdown', 'keydown', 'touchstart', 'click', 'input', 'submit'] as const;
    for (const e of events) window.addEventListener(e, request, { once: true, passive: true });
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(request, { timeout: 3000 });
      else request();
    }, QUIET_MS);
    const stop = () => {
      for (const e of events) window.removeEventListener(e, request);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
    return stop;
  }, []);
  return shown;
}
