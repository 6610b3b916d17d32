import type { Locale } from '@rozmova/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { type SignInEnv, SignInEnvContext } from './sign-in-env';

/** The sign-in screens inside the app: its router, i18next, toasts and query cache. */
function AppSignInEnv({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const env = useMemo<SignInEnv>(
    () => ({
      t: (key, values) => t(key, values),
      language: i18n.language as Locale,
      location,
      navigate: (to, options) => void navigate(to, options),
      toast: (kind, message) => notify[kind](message),
      forgetData: () => queryClient.clear(),
    }),
    [t, i18n.language, location, navigate, queryClient],
  );
  return <SignInEnvContext value={env}>{children}</SignInEnvContext>;
}

/**
 * True while the build pre-renders a sign-in page (src/prerender.tsx): the card's element is left empty there, and the
 * build renders the card into it as the sign-in entry's own tree, which is what that entry hydrates.
 */
export const CardRenderedApart = createContext(false);

/**
 * A sign-in screen as the app's route screen. A first-loaded one (`island`) sits in the element the sign-in entry
 * (src/sign-in.tsx) takes over in the pre-rendered page: what the app renders there is what the entry hydrates.
 */
export function appScreen(Screen: ComponentType, island = false): ComponentType {
  return function AppScreen() {
    const apart = use(CardRenderedApart);
    if (island && apart) return <div data-sign-in="" />;
    return (
      <AppSignInEnv>
        {island ? (
          <div data-sign-in="">
            <Screen />
          </div>
        ) : (
          <Screen />
        )}
      </AppSignInEnv>
    );
  };
}
