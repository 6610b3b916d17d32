import { LOCALES, type Locale } from '@rozmova/contract';

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** The client's most preferred language we write in, from an Accept-Language header. */
export function localeFromHeader(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((l) => l.lang).find(isLocale);
}

/** An account's saved language, falling back when the stored value is not one we write in. */
export const accountLocale = (stored: string, fallback: Locale = 'en'): Locale => (isLocale(stored) ? stored : fallback);
