import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLocale } from './lib/locale';

const container = document.getElementById('root') as HTMLElement;

// The landing and login pages come pre-rendered (build/prerender.mjs) for one path in one language; the app takes
// that HTML over when it would render the same, and otherwise starts afresh.
void startLocale().then((lng) => {
  if (container.dataset.prerendered === `${window.location.pathname}|${lng}`) hydrateRoot(container, <App />);
  else {
    // Not the page the early-input script was keeping clicks for: what it kept goes to the same places in the new one.
    delete container.dataset.prerendered;
    container.replaceChildren();
    createRoot(container).render(<App />);
  }
});
