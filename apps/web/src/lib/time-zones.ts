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

type ZoneOption = { value: string; label: string };

/** "America/New York (GMT-4)": the zone's name as people read it, with its current offset. */
export const zoneLabel = (zone: string, at: Date = new Date()): ZoneOption => ({
  value: zone,
  label: `${zone.replaceAll('_', ' ')} (${zoneOffset(zone, at)})`,
});

// Labelling some 400 zones takes a few hundred milliseconds: done once per page, and only when the list is wanted.
let allZones: ZoneOption[] | undefined;

/** Every zone the browser knows, each labelled with its current offset; `current` is listed even if it does not. */
export function zoneOptions(current?: string): ZoneOption[] {
  if (!allZones) {
    const now = new Date();
    allZones = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort().map((zone) => zoneLabel(zone, now));
  }
  if (!current || allZones.some((o) => o.value === current)) return allZones;
  return [...allZones, zoneLabel(current)].sort((a, b) => (a.value < b.value ? -1 : 1));
}
