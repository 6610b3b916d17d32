import { createBrowserRouter } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { setUnauthorizedHandler } from '../lib/api';
import { Guard } from './guard';
import { Layout } from './layout';
import { queryClient } from './providers';
import { type AppRoute, appRoutes, notFoundRoute } from './routes';
import { usePageEffects } from './use-page-effects';

function RoutePage({ route }: { route: AppRoute }) {
  usePageEffects(route.title);
  const Page = route.page;
  return <Guard access={route.access}>{Page ? <Page /> : <ComingSoon titleKey={route.title} />}</Guard>;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      ...appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
      { path: notFoundRoute.path, element: <RoutePage route={notFoundRoute} /> },
    ],
  },
]);

// The session is already cleared and its token dead, so unlike a logout nothing is sent to the server.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});
