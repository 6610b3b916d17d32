import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { queryClient } from './query-client';
import { routeObjects } from './route-objects';

// The data router, not the lighter declarative one: useBlocker (unsaved changes) needs it.
export const router = createBrowserRouter(routeObjects);

// The session is already cleared and its token dead, so unlike a logout nothing is sent to the server.
setUnauthorizedHandler((code) => {
  queryClient.clear();
  void router.navigate('/login', { replace: true, state: { signedOut: code } });
});
