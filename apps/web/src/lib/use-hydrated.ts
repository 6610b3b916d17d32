import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a pre-rendered page (and on the server), true once the page is live: fields of a
 * pre-rendered form stay read-only until then, and early-input.js types again what was typed meanwhile.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
