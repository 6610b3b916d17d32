import type { Locale } from '@rozmova/contract/constants';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { ROUTES, type RouteEntry } from './app/route-list';
import { routeObjects } from './app/route-objects';
import { StaticPage } from './components/by-visitor';
import { CardRenderedApart } from './features/auth/app-sign-in';
import { builtStore, loadTextOf } from './features/auth/first-load-env';
import i18n, { applyTexts, loadTexts } from './lib/i18n';
import { SignInCard } from './sign-in-card';

/** The route table, for the build (build/finish.mjs) to pre-render pages and to write the server's copy. */
export { ROUTES, TEXT_GROUPS } from './app/route-list';

/** The element a sign-in page's card goes in (features/auth/app-sign-in.tsx), empty as the page renders it here. */
const CARD_SLOT = '<div data-sign-in=""></div>';

const html = async (element: ReactNode) =>
  new Response(
    (
      await prerender(element, {
        // Every boundary inline, however large: React would otherwise send a large one after its fallback, to be
        // swapped in by an inline script that the page's CSP refuses and a static page does not run.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      })
    ).prelude,
  ).text();

/**
 * Renders one page at build time (build/prerender.mjs), as a visitor who is not signed in sees it, so the browser
 * paints it before any JavaScript runs. React's static renderer waits for the lazy screens, so the page holds the
 * screen itself, not its loader. A `hydrate` page's sign-in card is rendered apart, as the sign-in entry's own root
 * (sign-in-card.tsx), which that entry then takes over (sign-in.tsx).
 */
export async function renderPage(path: string, lng: Locale): Promise<{ html: string; title: string }> {
  const route = ROUTES.find((r) => r.path === path) as RouteEntry;
  if (!route.prerender) throw new Error(`${path} is not a pre-rendered page`);
  await applyTexts(lng, await loadTexts(lng));
  const handler = createStaticHandler(routeObjects);
  const address = new URL(`http://localhost${route.prerender.from ?? path}`);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydrate = route.prerender.mode === 'hydrate';
  let page = await html(
    <StrictMode>
      <StaticPage value={!hydrate}>
        <CardRenderedApart value={hydrate}>
          <Providers>
            {/* No inline hydration script: the routes have no loaders, and the page's CSP admits no inline script. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </CardRenderedApart>
      </StaticPage>
    </StrictMode>,
  );
  if (hydrate) {
    if (!page.includes(CARD_SLOT)) throw new Error(`pre-rendering ${path} (${lng}) left no place for its card`);
    const place = { pathname: address.pathname, search: address.search, state: null };
    const card = await html(<SignInCard store={builtStore(await loadTextOf(lng), lng, place)} />);
    page = page.replace(CARD_SLOT, `<div data-sign-in="">${card}</div>`);
  }
  if (page.includes('aria-label="Loading"')) throw new Error(`pre-rendering ${path} (${lng}) left a loader in the page`);
  return { html: page, title: `${i18n.t(route.title)} · Rozmova` };
}
