import { z } from 'zod';
import { codeSchema } from './auth.js';
import { emailSchema, isoDateSchema, localeSchema, optionalText, requiredText, roleNameSchema } from './common.js';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, LIMITS, MIN_AGE_MS } from './constants.js';
import { therapyTypesSchema } from './therapy.js';

export const onboardingRoleSchema = z.enum(['PATIENT', 'PSYCHOLOGIST']);
export type OnboardingRole = z.infer<typeof onboardingRoleSchema>;

/** Birth date: a real date, not in the future, at least MIN_AGE_MS ago. */
export const birthDateSchema = isoDateSchema
  .refine((d) => new Date(`${d}T00:00:00Z`).getTime() <= Date.now(), 'Birth date cannot be in the future')
  .refine((d) => Date.now() - new Date(`${d}T00:00:00Z`).getTime() >= MIN_AGE_MS, 'Sorry, we cannot serve users younger than 5');

export const experienceSchema = z.number().int().min(EXPERIENCE_MIN).max(EXPERIENCE_MAX);

export const onboardingEmailConfirmBodySchema = z.object({ email: emailSchema, code: codeSchema });
/** The send-code call takes the e-mail as a plain-text body. */
export const onboardingSendCodeBodySchema = emailSchema;

export const onboardingBodySchema = z
  .object({
    role: onboardingRoleSchema,
    firstName: requiredText(LIMITS.name),
    lastName: requiredText(LIMITS.name),
    birthDate: birthDateSchema,
    language: localeSchema,
    aboutMe: optionalText(LIMITS.longText),
    therapyGoals: optionalText(LIMITS.longText),
    experience: experienceSchema.nullish(),
    description: optionalText(LIMITS.longText),
    specialties: optionalText(LIMITS.shortText),
    education: optionalText(LIMITS.longText),
    certificates: optionalText(LIMITS.longText),
    therapyTypes: therapyTypesSchema.optional().default([]),
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
