import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { router } from './router';

export const App = () => (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
