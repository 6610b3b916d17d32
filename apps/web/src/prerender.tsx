import type { Locale } from '@rozmova/contract/constants';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { ROUTES, type RouteEntry } from './app/route-list';
import { routeObjects } from './app/route-objects';
import { StaticPage } from './components/by-visitor';
import i18n, { applyTexts, loadTexts } from './lib/i18n';

/** The route table, for the build (build/finish.mjs) to pre-render pages and to write the server's copy. */
export { ROUTES, TEXT_GROUPS } from './app/route-list';

/**
 * Renders one page at build time (build/prerender.mjs), as a visitor who is not signed in sees it, so the browser
 * paints it before any JavaScript runs. React's static renderer waits for the lazy screens, so the page holds the
 * screen itself, not its loader; a `hydrate` page is then taken over by the app (main.tsx).
 */
export async function renderPage(path: string, lng: Locale): Promise<{ html: string; title: string }> {
  const route = ROUTES.find((r) => r.path === path) as RouteEntry;
  if (!route.prerender) throw new Error(`${path} is not a pre-rendered page`);
  await applyTexts(lng, await loadTexts(lng));
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(`http://localhost${route.prerender.from ?? path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticPage value={route.prerender.mode === 'static'}>
        <Providers>
          {/* No inline hydration script: the routes have no loaders, and the page's CSP admits no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StaticPage>
    </StrictMode>,
    // Every boundary inline, however large: React would otherwise send a large one after its fallback, to be swapped
    // in by an inline script that the page's CSP refuses and a static page does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('aria-label="Loading"')) throw new Error(`pre-rendering ${path} (${lng}) left a loader in the page`);
  return { html, title: `${i18n.t(route.title)} · Rozmova` };
}
