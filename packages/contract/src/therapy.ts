import { z } from 'zod';
import { THERAPY_TYPES } from './constants.js';

export const therapyTypeSchema = z.enum(THERAPY_TYPES);
export type TherapyType = z.infer<typeof therapyTypeSchema>;
/** A list of distinct known codes. */
export const therapyTypesSchema = z
  .array(therapyTypeSchema)
  .max(THERAPY_TYPES.length)
  .transform((list) => [...new Set(list)]);
export const therapyTypesResponseSchema = z.array(therapyTypeSchema);

/** The languages a psychologist may say they work in (ISO 639-1), which patients' search filters by. */
export const WORK_LANGUAGES = ['uk', 'en', 'pl', 'de', 'fr', 'es'] as const;
export const workLanguageSchema = z.enum(WORK_LANGUAGES);
export type WorkLanguage = z.infer<typeof workLanguageSchema>;
/** A list of distinct known language codes. */
export const workLanguagesSchema = z
  .array(workLanguageSchema)
  .max(WORK_LANGUAGES.length)
  .transform((list) => [...new Set(list)]);
