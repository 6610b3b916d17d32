import type { Locale } from '@rozmova/contract/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
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
  const render = () =>
    renderToString(
      <StrictMode>
        <Providers>
          {/* No inline hydration script: the routes have no loaders, and the page's CSP admits no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
  // renderToString shows the fallback of what suspends (a lazy page) and writes no inline script, which the CSP
  // would block. The first pass starts loading the lazy parts; once they are in, the next renders them. A part that
  // fails on the server is left to the client (<!--$!-->): that fails the build too.
  let html = render();
  for (let pass = 0; html.includes('<!--$!-->') || html.includes('aria-label="Loading"'); pass++) {
    if (pass > 1200) throw new Error(`pre-rendering ${path} (${lng}) still suspends`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    html = render();
  }
  const titleKey = appRoutes.find((r) => r.path === path)?.title;
  const title = titleKey ? `${i18n.t(titleKey)} · Rozmova` : 'Rozmova';
  return { html, title };
}
