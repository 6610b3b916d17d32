import { canonicalZone, TIME_ZONES } from '@rozmova/contract';

/**
 * The browser's own zone by the canonical name the server stores: browsers name some zones differently (Europe/Kiev
 * or Europe/Kyiv, Asia/Calcutta, Etc/UTC…). None when the contract does not know it.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (zone && canonicalZone(zone)) || undefined;
}

/**
 * The zone's offset from UTC at an instant, as "GMT+2" or "GMT-4" (it changes with daylight saving); '' for a zone
 * this browser does not know.
 */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Two names of one zone (Europe/Kiev and Europe/Kyiv) count as the same. */
export const sameZone = (a: string, b: string): boolean => (canonicalZone(a) ?? a) === (canonicalZone(b) ?? b);

type ZoneOption = { value: string; label: string };

/** "America/New York (GMT-4)": the zone's name as people read it, with its current offset when the browser knows it. */
export const zoneLabel = (zone: string, at: Date = new Date()): ZoneOption => {
  const offset = zoneOffset(zone, at);
  return { value: zone, label: `${zone.replaceAll('_', ' ')}${offset ? ` (${offset})` : ''}` };
};

// Labelling some 400 zones takes a few hundred milliseconds: done once per page, and only when the list is wanted.
let allZones: ZoneOption[] | undefined;

/**
 * Every zone the server stores that this browser knows, by its canonical name, each labelled with its current offset;
 * `current` is listed even if it is not.
 */
export function zoneOptions(current?: string): ZoneOption[] {
  if (!allZones) {
    const now = new Date();
    allZones = TIME_ZONES.filter((zone) => canonicalZone(zone) === zone).map((zone) => zoneLabel(zone, now));
  }
  if (!current || allZones.some((o) => o.value === current)) return allZones;
  return [...allZones, zoneLabel(current)].sort((a, b) => (a.value < b.value ? -1 : 1));
}
