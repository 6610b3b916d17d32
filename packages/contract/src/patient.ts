import { z } from 'zod';
import { birthDateFloorSchema, optionalText, requiredName, versionSchema } from './common.js';
import { LIMITS } from './constants.js';
import { crisisCountrySchema } from './crisis.js';

export const patientProfileUpdateSchema = z.object({
  firstName: requiredName(LIMITS.name),
  lastName: requiredName(LIMITS.name),
  /** YYYY-MM-DD from 1900 on, or '' for none; the server refuses a date after today in the platform zone. */
  dateOfBirth: z.union([z.literal(''), birthDateFloorSchema]),
  aboutMe: optionalText(LIMITS.longText),
  therapyGoals: optionalText(LIMITS.longText),
  /** The version read; a profile saved since is 409 STALE. */
  version: versionSchema.optional(),
});
export type PatientProfileUpdate = z.input<typeof patientProfileUpdateSchema>;

/**
 * Where the patient is offered crisis help: the country they chose, or null to follow their time zone; crisisCountry
 * says which country that makes. PUT /patient/crisis-country takes `country` and answers both.
 */
export const crisisCountrySettingSchema = z.object({
  country: crisisCountrySchema.nullable(),
  crisisCountry: crisisCountrySchema,
});
export type CrisisCountrySetting = z.infer<typeof crisisCountrySettingSchema>;
export const crisisCountryBodySchema = z.object({ country: crisisCountrySchema.nullable() });
export type CrisisCountryBody = z.infer<typeof crisisCountryBodySchema>;

export const patientProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  aboutMe: z.string(),
  therapyGoals: z.string(),
  avatarUrl: z.string().nullable(),
  ...crisisCountrySettingSchema.shape,
  /** Grows by one with every save of the profile; send it back with the save (see versionSchema). */
  version: z.number().int(),
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
