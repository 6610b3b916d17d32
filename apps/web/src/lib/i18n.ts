import { LOCALES, type Locale } from '@rozmova/contract/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Texts } from './texts/merge';

/**
 * The texts come in groups, one chunk per group and language: `first` (the landing and sign-in pages and the
 * layout) before the first render, `app` with the first screen behind sign-in, `staff` with the manager's and the
 * admin's screens. The other language loads only on a switch.
 */
export type TextGroup = 'first' | 'app' | 'staff';
type Load = () => Promise<{ default: Texts }>;
const TEXTS: Record<Locale, Record<TextGroup, Load>> = {
  en: { first: () => import('./texts/en'), app: () => import('./texts/en-app'), staff: () => import('./texts/en-staff') },
  uk: { first: () => import('./texts/uk'), app: () => import('./texts/uk-app'), staff: () => import('./texts/uk-staff') },
};

/** The groups the app has asked for so far, each with its first load: a language switch loads them all. */
const wanted = new Map<TextGroup, Promise<void>>([['first', Promise.resolve()]]);

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The texts of the wanted groups in one language. */
export async function loadTexts(lng: Locale): Promise<Texts[]> {
  return Promise.all([...wanted.keys()].map(async (group) => (await TEXTS[lng][group]()).default));
}

/**
 * Shows `lng` with its texts (already loaded): the first call sets i18next up, later ones add the texts and switch.
 * The browser calls it at start and on a language switch, the build's pre-renderer once per page and language.
 * Both languages have the same keys (locales.test.ts), so there is no fallback language to load.
 */
export async function applyTexts(lng: Locale, texts: Texts[]): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      lng,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  for (const bundle of texts) i18n.addResourceBundle(lng, 'translation', bundle, true, true);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/** Loads a group of texts in the language shown (a screen's chunk waits for it), and keeps it on a switch. */
export function needTexts(group: TextGroup): Promise<void> {
  let loading = wanted.get(group);
  if (!loading) {
    const lng = i18n.language as Locale;
    loading = TEXTS[lng][group]().then((m) => void i18n.addResourceBundle(lng, 'translation', m.default, true, true));
    // A failed load (say, offline) is tried again by the next screen that needs the group.
    loading.catch(() => wanted.delete(group));
    wanted.set(group, loading);
  }
  return loading;
}

export default i18n;
