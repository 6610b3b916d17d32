import { StrictMode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { router } from './router';

/** Marks the page live once React owns it: until then a pre-rendered page shows, but its controls do not answer. */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

export const App = () => (
  <StrictMode>
    <Providers>
      <LiveMarker />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
