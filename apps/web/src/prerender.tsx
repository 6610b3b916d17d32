import type { Locale } from '@rozmova/contract/constants';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routeObjects } from './app/route-objects';
import { appRoutes } from './app/routes';
import i18n, { applyTexts, loadTexts } from './lib/i18n';

/**
 * Renders one page at build time (build/prerender.mjs), as a visitor who is not signed in sees it, so the browser
 * paints it before any JavaScript runs and then hydrates it. The page's lazy chunks are awaited, not their fallbacks.
 */
export async function renderPage(path: string, lng: Locale): Promise<{ html: string; title: string }> {
  await applyTexts(lng, await loadTexts(lng));
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToStringAsync(
    <StrictMode>
      <Providers>
        {/* No inline hydration script: the routes have no loaders, and the page's CSP admits no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  // renderToStringAsync waits for what suspends (the lazy login page): a loader left in the page means it did not.
  if (html.includes('aria-label="Loading"')) throw new Error(`pre-rendering ${path} (${lng}) left a loader in the page`);
  const titleKey = appRoutes.find((r) => r.path === path)?.title;
  const title = titleKey ? `${i18n.t(titleKey)} · Rozmova` : 'Rozmova';
  return { html, title };
}
