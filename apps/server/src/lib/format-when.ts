import type { Locale } from '@rozmova/contract';

const intlLocale: Record<Locale, string> = { en: 'en-GB', uk: 'uk-UA' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${zone} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(intlLocale[locale], { timeZone: zone, ...options });
    formatters.set(key, made);
  }
  return made;
}

const DAY = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * A session's day and times as its reader reads them, on their own wall clock with the zone named:
 * "Wednesday, 11 March 2026, 10:00–11:00 EET (Europe/Kyiv)".
 */
export function formatSession(startsAt: Date, endsAt: Date, zone: string, locale: Locale): string {
  const day = formatter(locale, zone, DAY).format(startsAt);
  const start = formatter(locale, zone, TIME).format(startsAt);
  const end = formatter(locale, zone, { ...TIME, timeZoneName: 'short' }).format(endsAt);
  return `${day}, ${start}–${end} (${zone})`;
}
