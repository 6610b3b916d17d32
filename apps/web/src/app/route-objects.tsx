import type { RouteObject } from 'react-router';
import { Guard } from './guard';
import { Layout } from './layout';
import { type AppRoute, appRoutes } from './routes';
import { usePageEffects } from './use-page-effects';

function RoutePage({ route }: { route: AppRoute }) {
  usePageEffects(route.title);
  const Page = route.page;
  return (
    <Guard access={route.access}>
      <Page />
    </Guard>
  );
}

/** The route table as React Router routes: the browser's router and the build's pre-renderer share them. */
export const routeObjects: RouteObject[] = [
  { element: <Layout />, children: appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })) },
];
