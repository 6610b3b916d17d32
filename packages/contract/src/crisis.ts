import { z } from 'zod';

/**
 * Where to get help now, by the patient's country: its emergency number and a crisis line. INTL is the fallback for
 * any other place. A patient's country follows their time zone unless they chose one in their profile.
 */
export const CRISIS_COUNTRIES = ['UA', 'US', 'GB', 'PL', 'DE', 'INTL'] as const;
export const crisisCountrySchema = z.enum(CRISIS_COUNTRIES);
export type CrisisCountry = z.infer<typeof crisisCountrySchema>;

export const crisisResourceSchema = z.object({
  /** EMERGENCY: the emergency number; LINE: a crisis line. */
  kind: z.enum(['EMERGENCY', 'LINE']),
  name: z.string(),
  /** What to dial, as written locally; null for a resource reached on the web only. */
  phone: z.string().nullable(),
  url: z.string().nullable(),
});
export type CrisisResource = z.infer<typeof crisisResourceSchema>;

/** A patient's crisis help: the country it is for and its resources, emergency number first. */
export const crisisHelpSchema = z.object({ country: crisisCountrySchema, resources: z.array(crisisResourceSchema) });
export type CrisisHelp = z.infer<typeof crisisHelpSchema>;

const emergency = (phone: string): CrisisResource => ({ kind: 'EMERGENCY', name: 'Emergency services', phone, url: null });

export const CRISIS_RESOURCES: Record<CrisisCountry, readonly CrisisResource[]> = {
  UA: [emergency('112'), { kind: 'LINE', name: 'Lifeline Ukraine', phone: '7333', url: 'https://lifelineukraine.com' }],
  US: [emergency('911'), { kind: 'LINE', name: '988 Suicide & Crisis Lifeline', phone: '988', url: 'https://988lifeline.org' }],
  GB: [emergency('999'), { kind: 'LINE', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' }],
  PL: [emergency('112'), { kind: 'LINE', name: 'Kryzysowy Telefon Zaufania', phone: '116 123', url: null }],
  DE: [
    emergency('112'),
    { kind: 'LINE', name: 'TelefonSeelsorge', phone: '0800 111 0 111', url: 'https://www.telefonseelsorge.de' },
  ],
  // 112 reaches emergency services on most mobile networks; the local number is named in the screens' text.
  INTL: [emergency('112'), { kind: 'LINE', name: 'Find A Helpline', phone: null, url: 'https://findahelpline.com' }],
};

/**
 * The countries of the canonical zone names (TIME_ZONES) the table covers. Intl has no zone-to-country map, so this is
 * the one place; Europe/Simferopol is left to the fallback, as Ukraine's lines may not reach it.
 */
const ZONE_COUNTRIES: Record<string, CrisisCountry> = {
  'Europe/Kyiv': 'UA',
  'Europe/London': 'GB',
  'Europe/Warsaw': 'PL',
  'Europe/Berlin': 'DE',
  'Europe/Busingen': 'DE',
  ...Object.fromEntries(
    [
      'America/New_York',
      'America/Detroit',
      'America/Kentucky/Louisville',
      'America/Kentucky/Monticello',
      'America/Indiana/Indianapolis',
      'America/Indiana/Vincennes',
      'America/Indiana/Winamac',
      'America/Indiana/Marengo',
      'America/Indiana/Petersburg',
      'America/Indiana/Vevay',
      'America/Indiana/Tell_City',
      'America/Indiana/Knox',
      'America/Chicago',
      'America/Menominee',
      'America/North_Dakota/Center',
      'America/North_Dakota/New_Salem',
      'America/North_Dakota/Beulah',
      'America/Denver',
      'America/Boise',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'America/Juneau',
      'America/Sitka',
      'America/Metlakatla',
      'America/Yakutat',
      'America/Nome',
      'America/Adak',
      'Pacific/Honolulu',
    ].map((zone) => [zone, 'US' as const]),
  ),
};

/** The crisis country of a time zone: the table's countries by their zones, anything else INTL. */
export const countryOfZone = (zone: string): CrisisCountry => ZONE_COUNTRIES[zone] ?? 'INTL';

/** A patient's crisis help: the country they chose, else their zone's. */
export const crisisHelpFor = (chosen: CrisisCountry | null, zone: string): CrisisHelp => {
  const country = chosen ?? countryOfZone(zone);
  return { country, resources: [...CRISIS_RESOURCES[country]] };
};

/** How long after a PHQ-9 with item 9 above "not at all" its crisis help stays on the patient's measures page. */
export const CRISIS_HELP_DAYS = 14;
