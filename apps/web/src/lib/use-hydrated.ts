import { useSyncExternalStore } from 'react';

const html = () => document.documentElement;

function subscribe(onChange: () => void) {
  document.addEventListener('input-live', onChange);
  return () => document.removeEventListener('input-live', onChange);
}

/**
 * False while React hydrates a pre-rendered page (and on the server), and until early-input.js has done again what
 * the visitor did before the app took the page over; true once the page is live. Fields of a pre-rendered form stay
 * read-only until then, so nothing typed meanwhile can overtake what came first. Without that script, true at once.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => html().hasAttribute('data-live') || !('keepingInput' in html().dataset),
    () => false,
  );
