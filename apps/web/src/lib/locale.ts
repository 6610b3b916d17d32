import type { Locale } from '@rozmova/contract/constants';
import { applyTexts, isLocale, loadTexts } from './i18n';

/** dayjs speaks English from the start; other languages' month and day names are loaded with their texts. */
const DAYJS_LOCALES: Partial<Record<Locale, () => Promise<unknown>>> = { uk: () => import('dayjs/locale/uk') };
let dayjsSwitched = false;

async function applyDayjsLocale(lng: Locale) {
  const load = DAYJS_LOCALES[lng];
  if (!load && !dayjsSwitched) return;
  dayjsSwitched = true;
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), load?.()]);
  dayjs.locale(lng);
}

/**
 * The chosen language, English unless the visitor picked another: the stored one, or else the cookie's, or else the
 * one the server wrote the page in (from the browser's Accept-Language before any choice).
 */
export function storedLocale(): Locale {
  const value =
    localStorage.getItem('locale') ?? /(?:^|; )locale=([a-z]+)/.exec(document.cookie)?.[1] ?? document.documentElement.lang;
  return isLocale(value) ? value : 'en';
}

/** The server reads this cookie to send pages pre-rendered in the visitor's language. */
function rememberInCookie(lng: Locale) {
  if (new RegExp(`(?:^|; )locale=${lng}(?:;|$)`).test(document.cookie)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and older Firefox
  document.cookie = `locale=${lng}; path=/; max-age=31536000; samesite=lax`;
}

async function show(lng: Locale) {
  const [texts] = await Promise.all([loadTexts(lng), applyDayjsLocale(lng)]);
  await applyTexts(lng, texts);
  document.documentElement.lang = lng;
  rememberInCookie(lng);
}

/** Loads the stored language's texts before the first render. */
export async function startLocale(): Promise<Locale> {
  const lng = storedLocale();
  await show(lng);
  return lng;
}

export async function setLocale(lng: Locale) {
  localStorage.setItem('locale', lng);
  await show(lng);
}

/** Makes a language the signed-in account's own: its screens on every device and its mail. */
export async function saveAccountLanguage(language: Locale): Promise<void> {
  // Loaded on use: the landing page has the switch but no API client.
  const { api } = await import('./api');
  await api('/user/language', { method: 'PUT', body: { language } });
}
