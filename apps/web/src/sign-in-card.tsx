import { MantineProvider } from '@mantine/core';
import { type ComponentType, lazy, StrictMode, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { livePage } from './app/live-page';
import { theme } from './app/theme';
import type { SignInStore } from './features/auth/first-load-env';
import { AuthEmailScreen } from './features/auth/screens/auth-email-screen';
import { LoginScreen } from './features/auth/screens/login-screen';
import { MagicLoginScreen } from './features/auth/screens/magic-login-screen';
import { SignInEnvContext } from './features/auth/sign-in-env';
import { useOverlaysWanted } from './lib/overlays-loader';

/** The sign-in screens the sign-in entry shows, by path, with their titles. */
export const SIGN_IN_SCREENS: Record<string, { screen: ComponentType; title: string }> = {
  '/login': { screen: livePage(LoginScreen), title: 'titles.login' },
  '/auth-email': { screen: livePage(AuthEmailScreen), title: 'titles.authEmail' },
  '/magic-login': { screen: livePage(MagicLoginScreen), title: 'titles.magicLogin' },
};

const Overlays = lazy(() => import('./app/overlays'));

/**
 * The sign-in card as its own React root: the build renders it into the pre-rendered page's `[data-sign-in]` element
 * (prerender.tsx) and the sign-in entry hydrates it there (sign-in.tsx). Both render this same tree, so the ids
 * React gives its fields (useId follows the tree) are the same in the HTML and in the browser.
 */
export function SignInCard({ store }: { store: SignInStore }) {
  const location = useSyncExternalStore(store.subscribe, store.location, store.location);
  const env = useMemo(() => ({ ...store.env, location }), [store, location]);
  const overlays = useOverlaysWanted();
  const { screen: Screen, title } = SIGN_IN_SCREENS[location.pathname];
  useEffect(() => {
    document.title = `${store.env.t(title)} · Rozmova`;
  }, [store, title]);
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="dark"
        forceColorScheme="dark"
        // The page holds them already, written with the rest of it.
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <SignInEnvContext value={env}>
          <Screen />
        </SignInEnvContext>
        {overlays && (
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        )}
      </MantineProvider>
    </StrictMode>
  );
}
