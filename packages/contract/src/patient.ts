import { z } from 'zod';
import { isoDateSchema, optionalText, requiredText } from './common.js';
import { LIMITS } from './constants.js';

export const patientProfileUpdateSchema = z.object({
  firstName: requiredText(LIMITS.name),
  lastName: requiredText(LIMITS.name),
  /** YYYY-MM-DD, not in the future, or '' for none. */
  dateOfBirth: z.union([
    z.literal(''),
    isoDateSchema.refine((d) => new Date(`${d}T00:00:00Z`).getTime() <= Date.now(), 'Date of birth cannot be in the future'),
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
