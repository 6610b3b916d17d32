import { type ComponentType, lazy } from 'react';
import { needTexts } from '../lib/i18n';
import { loadOverlays } from '../lib/overlays-loader';
import { livePage } from './live-page';
import { type Access, type PageKind, ROUTES, TEXT_GROUPS } from './route-list';

export type AppRoute = { path: string; access: Access; title: string; page: ComponentType };

type PageModule = { default: ComponentType };

/** Every screen's module, each in a chunk of its own. */
const MODULES = import.meta.glob<PageModule>('../features/*/*-page.tsx');

const live = (module: PageModule): PageModule => ({ default: livePage(module.default) });

/**
 * A screen in its own chunk. `lazy` and `staff` screens also load every Mantine style sheet, the modals host and the
 * texts of the screens behind sign-in, which the entry leaves out (styles-light.ts, overlays.tsx, lib/i18n.ts); a
 * `light` screen (the landing and sign-in pages) uses only what the entry carries.
 */
function pageOf(module: string, kind: PageKind): ComponentType {
  const load = MODULES[`../${module}`];
  if (!load) throw new Error(`route module ${module} is not a src/features/*/*-page.tsx file`);
  if (kind === 'light') return lazy(() => load().then(live));
  return lazy(() =>
    Promise.all([load(), import('./styles-full'), loadOverlays(), ...TEXT_GROUPS[kind].map(needTexts)]).then(([page]) =>
      live(page),
    ),
  );
}

/** The route table of the spec (route-list.ts) with each route's screen; the last route catches every other path. */
export const appRoutes: AppRoute[] = ROUTES.map(({ path, access, title, module, kind }) => ({
  path,
  access,
  title,
  page: pageOf(module, kind),
}));
