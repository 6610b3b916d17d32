import { LOCALES, type Locale } from '@rozmova/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/uk';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Tree = { [key: string]: string | Tree };

/** Each feature keeps its own locale file per language; they are merged into one tree. */
function merge(files: Record<string, { default: Tree }>): Tree {
  const out: Tree = {};
  const deep = (target: Tree, src: Tree) => {
    for (const [k, v] of Object.entries(src)) {
      if (typeof v !== 'object') target[k] = v;
      else {
        if (typeof target[k] !== 'object') target[k] = {};
        deep(target[k] as Tree, v);
      }
    }
  };
  for (const file of Object.values(files)) deep(out, file.default);
  return out;
}

const en = merge(import.meta.glob<{ default: Tree }>('../locales/en/*.json', { eager: true }));
const uk = merge(import.meta.glob<{ default: Tree }>('../locales/uk/*.json', { eager: true }));

function storedLocale(): Locale {
  const v = localStorage.getItem('locale');
  return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : 'en';
}

function apply(lng: string) {
  document.documentElement.lang = lng;
  dayjs.locale(lng);
}

export function setLocale(lng: Locale) {
  localStorage.setItem('locale', lng);
  void i18n.changeLanguage(lng);
}

i18n.on('languageChanged', apply);
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, uk: { translation: uk } },
  lng: storedLocale(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});
apply(i18n.language);

export default i18n;
