import { notifications } from '@mantine/notifications';
import { type Locale, TOAST_MS, TOAST_SUCCESS_MS } from '@rozmova/contract/constants';
import type { Texts } from '../../lib/texts/merge';
import type { SignInEnv, TextOf } from './sign-in-env';

/** The sign-in screens' texts in one language (the app's first chunk also holds the landing page's). */
const TEXTS: Record<Locale, () => Promise<{ default: Texts }>> = {
  en: () => import('./texts/en'),
  uk: () => import('./texts/uk'),
};

/**
 * A text by its key, as i18next words it for these pages: nested keys, `{{name}}` values, the key itself when missing
 * (the sign-in texts have no plurals; locales.test.ts keeps both languages' keys the same).
 */
export async function loadTextOf(lng: Locale): Promise<TextOf> {
  const { default: texts } = await TEXTS[lng]();
  return (key, values = {}) => {
    let node: Texts | string | undefined = texts;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

type Place = SignInEnv['location'];

/** The sign-in screens' surroundings and the address they show, which they re-render on. */
export type SignInStore = {
  env: Omit<SignInEnv, 'location'>;
  location: () => Place;
  subscribe: (listener: () => void) => () => void;
};

const toastOf =
  (t: TextOf): SignInEnv['toast'] =>
  (kind, message) =>
    notifications.show({
      color: kind === 'success' ? 'teal' : 'red',
      message,
      autoClose: kind === 'success' ? TOAST_SUCCESS_MS : TOAST_MS,
      closeButtonProps: { 'aria-label': t('common.close') },
    });

/** The store the build renders a sign-in card with (src/prerender.tsx): one address, nothing to do. */
export function builtStore(t: TextOf, language: Locale, place: Place): SignInStore {
  const nothing = () => undefined;
  const env = { t, language, navigate: nothing, toast: nothing, forgetData: nothing };
  return { env, location: () => place, subscribe: () => nothing };
}

const here = (): Place => ({ pathname: window.location.pathname, search: window.location.search, state: null });

/**
 * What the sign-in screens need when first loaded, without the app: the address as a small store over the History
 * API (the sign-in paths stay here; any other is the app's, `leave` hands the page over to it), and toasts shown by
 * Mantine's notifications store, which the app's toast host shows too once it has mounted.
 */
export function firstLoadEnv(t: TextOf, language: Locale, ownPaths: string[], leave: () => void): SignInStore {
  let place = here();
  const listeners = new Set<() => void>();
  const moved = (state: unknown = null) => {
    if (!ownPaths.includes(window.location.pathname)) return leave();
    place = { ...here(), state };
    for (const l of listeners) l();
  };
  window.addEventListener('popstate', () => moved());
  const env: SignInStore['env'] = {
    t,
    language,
    navigate: (to, options = {}) => {
      history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
      moved(options.state ?? null);
    },
    toast: toastOf(t),
    // Nothing is cached for an account on these pages.
    forgetData: () => undefined,
  };
  return {
    env,
    location: () => place,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
