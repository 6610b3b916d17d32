import { z } from 'zod';
import { emailSchema, inputString, localeSchema, roleNameSchema } from './common.js';
import { CODE_LENGTH, LIMITS } from './constants.js';

export const codeSchema = inputString()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Expected ${CODE_LENGTH} digits`);

export const requestCodeBodySchema = z.object({ email: emailSchema });
export const verifyCodeBodySchema = z.object({ email: emailSchema, code: codeSchema });
export const loginBodySchema = z.object({
  email: emailSchema,
  password: inputString().min(1).max(LIMITS.password.max),
});

export const authResponseSchema = z.object({
  token: z.string(),
  email: z.string(),
  role: roleNameSchema.nullable(),
  profileCompleted: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const magicLoginQuerySchema = z.object({ token: inputString().min(1).max(200) });

export const userRoleResponseSchema = z.object({ role: roleNameSchema.nullable() });

export const meResponseSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The IANA zone the account's times are shown in: its own, or the platform's when it has none. */
  timeZone: z.string(),
  /** Whether the account chose its zone (or took its browser's); false: `timeZone` is the platform's stand-in. */
  timeZoneSet: z.boolean(),
  /** The account's one language: of its screens on every device and of its mail. */
  language: localeSchema,
});
export type Me = z.infer<typeof meResponseSchema>;

/** PUT /api/user/language: sets the account's language; answers it. */
export const languageBodySchema = z.object({ language: localeSchema });
export type LanguageBody = z.infer<typeof languageBodySchema>;

/** Body a messaging bot sends (with the shared secret) to get a one-time sign-in link. */
export const magicLinkCreateBodySchema = z.object({ externalId: inputString().trim().min(1).max(100) });
export const magicLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const messageResponseSchema = z.object({ message: z.string() });
