import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/routes';
import { startLocale } from './lib/locale';

const container = document.getElementById('root') as HTMLElement;

/** Whether the pre-rendered HTML (`<address>|<language>`, build/prerender.mjs) is what the app renders here. */
function renderedHere(prerendered: string | undefined, lng: string): boolean {
  if (!prerendered) return false;
  const [address, language] = prerendered.split('|');
  const from = new URL(address, window.location.origin);
  const query = new URLSearchParams(window.location.search);
  // A page pre-rendered from an address with a query (a magic link's token) shows that state only with one.
  return (
    language === lng && from.pathname === window.location.pathname && [...from.searchParams.keys()].every((k) => query.has(k))
  );
}

/**
 * A hydration mismatch makes React render the page afresh, which the visitor sees as a flash: it is an error to fix,
 * and the e2e suite fails on this message.
 */
function reportRecoverable(error: unknown) {
  console.error('Hydration mismatch:', error);
}

// The sign-in pages come pre-rendered for one address in one language; the app takes that HTML over when it would
// render the same, and otherwise starts afresh.
const prerendered = container.dataset.prerendered;
void Promise.all([startLocale(), prerendered && preloadScreen(window.location.pathname)]).then(([lng]) => {
  if (renderedHere(prerendered, lng)) {
    hydrateRoot(container, <App />, { onRecoverableError: reportRecoverable });
    return;
  }
  // Not the page the early-input script was keeping clicks for: what it kept goes to the same places in the new one.
  delete container.dataset.prerendered;
  container.replaceChildren();
  createRoot(container).render(<App />);
});
