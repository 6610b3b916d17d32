import { useEffect, useState } from 'react';

/** setTimeout takes at most a signed 32-bit delay; a later boundary is waited for in steps of this. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** How long to wait from `now` until the soonest of the instants after it; null when none lies ahead. */
export function delayToNext(instants: readonly number[], now: number): number | null {
  let next = Number.POSITIVE_INFINITY;
  for (const at of instants) if (at > now && at < next) next = at;
  return Number.isFinite(next) ? Math.min(next - now, MAX_DELAY_MS) : null;
}

/**
 * The current instant (epoch ms), read again exactly when the soonest of `instants` comes: a screen whose offers
 * change at known moments (a room opening, a session starting) re-renders then, with one timer and no polling.
 */
export function useNowAt(instants: readonly number[]): number {
  const [now, setNow] = useState(Date.now);
  const key = instants.join(',');
  useEffect(() => {
    const current = Date.now();
    const list = key ? key.split(',').map(Number) : [];
    // A boundary passed while nothing rendered (say, new instants arrived later): read the time again at once.
    if (list.some((at) => at > now && at <= current)) return setNow(current);
    const delay = delayToNext(list, current);
    if (delay === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [key, now]);
  return now;
}
