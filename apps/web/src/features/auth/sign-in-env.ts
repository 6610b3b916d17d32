import type { Locale } from '@rozmova/contract/constants';
import { createContext, use } from 'react';

/** A text in the language shown, with `{{name}}` values put in. */
export type TextOf = (key: string, values?: Record<string, string | number>) => string;

/**
 * What the sign-in screens need from around them. They run in two places: first-loaded, in the small sign-in entry
 * (src/sign-in.tsx, the page's HTML taken over without the router, i18next or the query cache), and inside the app
 * when it sends a visitor to sign in (app-sign-in.tsx). Each place gives them these.
 */
export type SignInEnv = {
  t: TextOf;
  language: Locale;
  location: { pathname: string; search: string; state: unknown };
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  toast: (kind: 'success' | 'error', message: string) => void;
  /** Forgets what was fetched for an account signed out of here. */
  forgetData: () => void;
};

export const SignInEnvContext = createContext<SignInEnv | null>(null);

export function useSignIn(): SignInEnv {
  const env = use(SignInEnvContext);
  if (!env) throw new Error('a sign-in screen renders inside a SignInEnvContext');
  return env;
}
