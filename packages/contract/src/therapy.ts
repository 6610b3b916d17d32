import { z } from 'zod';

export const THERAPY_TYPES = [
  'SYSTEMNA_TERAPIA',
  'KPT',
  'GESTALT_TERAPIA',
  'NLP',
  'PSYCHODINAMICHNA_TERAPIA',
  'TRAVMATERAPIA',
  'PSYCHODRAMA',
  'SYMBOLDRAMA',
  'NARATYVNA_PSYCHOLOGIA',
  'INTEGRATYVNA_PSYCHOTERAPIA',
  'POSYTYVNA_PSYCHOTERAPIA',
  'PSYCHOANALIZ',
  'EKZYSTENTSIALNY_ANALIZ_TA_LOGOTERAPIA',
  'TRANZAKTNY_ANALIZ',
  'ART_TERAPIA',
  'KLIENT_CENTROVANA_TERAPIA',
] as const;
export const therapyTypeSchema = z.enum(THERAPY_TYPES);
export type TherapyType = z.infer<typeof therapyTypeSchema>;
/** A list of distinct known codes. */
export const therapyTypesSchema = z
  .array(therapyTypeSchema)
  .max(THERAPY_TYPES.length)
  .transform((list) => [...new Set(list)]);
export const therapyTypesResponseSchema = z.array(therapyTypeSchema);
