import { z } from 'zod';
import { codeSchema } from './auth.js';
import { birthDateFloorSchema, emailSchema, localeSchema, optionalText, requiredName, roleNameSchema } from './common.js';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, LIMITS, MIN_AGE_MS } from './constants.js';
import { therapyTypesSchema, workLanguagesSchema } from './therapy.js';
import { timeZoneSchema } from './time.js';

export const onboardingRoleSchema = z.enum(['PATIENT', 'PSYCHOLOGIST']);
export type OnboardingRole = z.infer<typeof onboardingRoleSchema>;

/** Birth date: a real date from 1900 on. The rules that depend on today are in `birthDateProblem`. */
export const birthDateSchema = birthDateFloorSchema;

export const BIRTH_DATE_MESSAGES = {
  future: 'Birth date cannot be in the future',
  tooYoung: 'Sorry, we cannot serve users younger than 5',
} as const;
export type BirthDateProblem = keyof typeof BIRTH_DATE_MESSAGES;

/**
 * What is wrong with a birth date on the given day (YYYY-MM-DD: the platform's today on the server, the browser's in
 * the wizard): after today, or less than MIN_AGE_MS before it, counted between the two midnights.
 */
export function birthDateProblem(birthDate: string, today: string): BirthDateProblem | null {
  if (birthDate > today) return 'future';
  const age = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${birthDate}T00:00:00Z`);
  return age < MIN_AGE_MS ? 'tooYoung' : null;
}

export const experienceSchema = z.number().int().min(EXPERIENCE_MIN).max(EXPERIENCE_MAX);

export const onboardingEmailConfirmBodySchema = z.object({ email: emailSchema, code: codeSchema });
/** The send-code call takes the e-mail as a plain-text body. */
export const onboardingSendCodeBodySchema = emailSchema;

export const onboardingBodySchema = z
  .object({
    role: onboardingRoleSchema,
    firstName: requiredName(LIMITS.name),
    lastName: requiredName(LIMITS.name),
    birthDate: birthDateSchema,
    language: localeSchema,
    /** The browser's IANA zone, so times show in it from the first screen on. */
    timeZone: timeZoneSchema.optional(),
    aboutMe: optionalText(LIMITS.longText),
    therapyGoals: optionalText(LIMITS.longText),
    experience: experienceSchema.nullish(),
    description: optionalText(LIMITS.longText),
    specialties: optionalText(LIMITS.shortText),
    education: optionalText(LIMITS.longText),
    certificates: optionalText(LIMITS.longText),
    therapyTypes: therapyTypesSchema.optional().default([]),
    /** A psychologist's working languages; left out, the language chosen above. */
    languages: workLanguagesSchema.optional(),
    newEmail: emailSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role === 'PSYCHOLOGIST' && (body.experience === null || body.experience === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['experience'], message: 'Experience is required for psychologists' });
    }
  });
export type OnboardingBody = z.input<typeof onboardingBodySchema>;

/** The answer of PUT /onboarding: the session fields that changed. */
export const onboardingResponseSchema = z.object({
  email: z.string(),
  role: roleNameSchema,
  profileCompleted: z.literal(true),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;
