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
