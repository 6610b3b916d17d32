import { LOCALES, type Locale } from '@rozmova/contract/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Texts } from './texts/merge';

/** One chunk per language: the app downloads the texts of the language it shows, and the other only on a switch. */
const TEXTS: Record<Locale, () => Promise<{ default: Texts }>> = {
  en: () => import('./texts/en'),
  uk: () => import('./texts/uk'),
};

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

export const loadTexts = async (lng: Locale): Promise<Texts> => (await TEXTS[lng]()).default;

/**
 * Shows `lng` with its texts (already loaded): the first call sets i18next up, later ones add the texts and switch.
 * The browser calls it at start and on a language switch, the build's pre-renderer once per page and language.
 * Both languages have the same keys (locales.test.ts), so there is no fallback language to load.
 */
export async function applyTexts(lng: Locale, texts: Texts): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [lng]: { translation: texts } },
      lng,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    return;
  }
  if (!i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', texts);
  await i18n.changeLanguage(lng);
}

export default i18n;
