import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../app/theme';

/**
 * Renders `ui` as the app does, in Mantine's test mode (no transitions, no portals): the app theme, a fresh query
 * client (no retries), toasts and English texts. `rerender` keeps the same providers.
 */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Providers = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <Notifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper: Providers });
}
