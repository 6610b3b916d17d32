import i18next, { type TFunction } from 'i18next';
import enCommon from '../../locales/en/common.json';
import en from '../../locales/en/notifications.json';
import ukCommon from '../../locales/uk/common.json';
import uk from '../../locales/uk/notifications.json';

/** The feature's own texts (and the common ones) in a language, for tests that check what a reader is told. */
export async function textsIn(lng: 'en' | 'uk'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: { ...enCommon, ...en } }, uk: { translation: { ...ukCommon, ...uk } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
