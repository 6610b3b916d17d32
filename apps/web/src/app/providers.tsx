import './styles-light';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useOverlaysWanted } from '../lib/overlays-loader';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

const Overlays = lazy(() => import('./overlays'));

export function Providers({ children }: { children: ReactNode }) {
  const overlays = useOverlaysWanted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        {children}
        {overlays && (
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
