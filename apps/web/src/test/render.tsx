import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { theme } from '../app/theme';
import { applyTexts } from '../lib/i18n';
import en from '../lib/texts/en';
import enApp from '../lib/texts/en-app';

// Vitest runs without globals, so Testing Library cannot register these itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// findBy* and waitFor give up after 1 s by default, which a busy machine (an e2e run beside) can overrun.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  // The toasts' store lives beside React, so a test's toasts would show up in the next test.
  notifications.clean();
});
beforeAll(() => applyTexts('en', [en, enApp]));

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
