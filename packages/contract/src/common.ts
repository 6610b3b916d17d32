import { z } from 'zod';

export const ROLES = ['ADMIN', 'MANAGER', 'PSYCHOLOGIST', 'PATIENT', 'MODERATOR'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles as the browser stores and the API reports them: with the ROLE_ prefix. */
export const ROLE_NAMES = ROLES.map((r) => `ROLE_${r}` as const);
export const roleNameSchema = z.enum(['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_PSYCHOLOGIST', 'ROLE_PATIENT', 'ROLE_MODERATOR']);
export type RoleName = z.infer<typeof roleNameSchema>;
export const toRoleName = (role: Role): RoleName => `ROLE_${role}`;

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'BAD_CODE',
  'BAD_CREDENTIALS',
  'BAD_TOKEN',
  'RATE_LIMITED',
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  'PATIENT_BUSY',
  'NOT_CANCELABLE',
  'DISABLED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const LOCALES = ['en', 'uk'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** A non-blank trimmed text of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** An optional free text; absent or null becomes ''. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A calendar date as YYYY-MM-DD that exists (no 2024-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD')
  .refine(isRealDate, 'Not a real date');

export const emailSchema = z.string().trim().toLowerCase().max(254).email();
