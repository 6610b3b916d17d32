import { isTimeZone } from '@rozmova/contract';

/** The browser's own IANA zone, when it names one the contract accepts. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** The zone's offset from UTC at an instant, as "GMT+2" or "GMT-4" (it changes with daylight saving). */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Two names of one zone (Europe/Kiev and Europe/Kyiv) count as the same. */
export const sameZone = (a: string, b: string): boolean =>
  new Intl.DateTimeFormat('en', { timeZone: a }).resolvedOptions().timeZone ===
  new Intl.DateTimeFormat('en', { timeZone: b }).resolvedOptions().timeZone;

/** Every zone the browser knows, each labelled with its current offset; `current` is listed even if it does not. */
export function zoneOptions(current?: string): { value: string; label: string }[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (current) zones.add(current);
  const now = new Date();
  return [...zones].sort().map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${zoneOffset(zone, now)})` }));
}
