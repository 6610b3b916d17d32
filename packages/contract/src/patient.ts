import { z } from 'zod';
import { isoDateSchema, optionalText, requiredText } from './common.js';
import { LIMITS } from './constants.js';

const LATEST_ZONE_OFFSET_MS = 14 * 3_600_000;

export const patientProfileUpdateSchema = z.object({
  firstName: requiredText(LIMITS.name),
  lastName: requiredText(LIMITS.name),
  /**
   * YYYY-MM-DD, or '' for none. Refused when it is in the future everywhere on Earth (UTC+14); the server also refuses
   * a date after today in the platform zone.
   */
  dateOfBirth: z.union([
    z.literal(''),
    isoDateSchema.refine(
      (d) => Date.parse(`${d}T00:00:00Z`) <= Date.now() + LATEST_ZONE_OFFSET_MS,
      'Date of birth cannot be in the future',
    ),
  ]),
  aboutMe: optionalText(LIMITS.longText),
  therapyGoals: optionalText(LIMITS.longText),
});
export type PatientProfileUpdate = z.input<typeof patientProfileUpdateSchema>;

export const patientProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  aboutMe: z.string(),
  therapyGoals: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

/** What a psychologist sees of a patient they have (or had) an appointment with. */
export const patientInfoSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  aboutMe: z.string(),
  therapyGoals: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PatientInfo = z.infer<typeof patientInfoSchema>;
