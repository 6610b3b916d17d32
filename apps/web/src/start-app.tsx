import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLocale } from './lib/locale';

/**
 * Starts the app in #root, in the stored language, rendering afresh whatever the page holds. `before` runs once all
 * it needs has loaded, just before it renders: the sign-in entry hands its page over there, so nothing goes blank.
 */
export async function startApp(before: () => void = () => undefined): Promise<void> {
  await startLocale();
  const container = document.getElementById('root') as HTMLElement;
  before();
  // No longer the page the early-input script was keeping clicks for.
  delete container.dataset.prerendered;
  container.replaceChildren();
  createRoot(container).render(<App />);
}
