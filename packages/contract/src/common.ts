import { z } from 'zod';
import { LOCALES, MIN_BIRTH_DATE, ROLES } from './constants.js';

// Defined without zod in constants.ts; re-exported here for the schema modules that import them with the schemas.
export { LOCALES, type Locale, ROLES } from './constants.js';

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
  'MARKUP_TOO_COMPLEX',
  'UNSUPPORTED_MEDIA',
  'SLOT_TAKEN',
  'SLOT_UNAVAILABLE',
  'PATIENT_BUSY',
  'NOT_CANCELABLE',
  'NOTICE_PASSED',
  'TOO_MANY_APPOINTMENTS',
  'DISABLED',
  'PSYCHOLOGIST_UNVERIFIED',
  'ALREADY_ASSIGNED',
  'CANNOT_DISABLE_SELF',
  'NOT_ENDED',
  'NOT_STARTED',
  'SLOT_OVERLAP',
  'HAS_APPOINTMENTS',
  'STALE',
  'TOO_MANY_DOCUMENTS',
  'DOCUMENT_UNREADABLE',
  'IMAGE_TOO_LARGE',
  'UNKNOWN_HOST',
  'GROUP_FULL',
  'ALREADY_MEMBER',
  'OVERLAP',
  /** A call's waiting room: the psychologist has not let this person in yet. */
  'WAITING',
  /** The psychologist removed this person from the session's call. */
  'REMOVED',
  /** The psychologist ended the session's call for everyone. */
  'ENDED',
  'MFA_ENROLMENT_REQUIRED',
  'RECHECK_REQUIRED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer. A few codes carry more beside these fields (HAS_APPOINTMENTS: see scheduleBlockConflictSchema). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const localeSchema = z.enum(LOCALES);

export const okSchema = z.object({ ok: z.literal(true) });

/** PostgreSQL cannot store U+0000 in text, so every string the API takes refuses it here, before any query. */
export const inputString = () => z.string().refine((s) => !s.includes('\0'), 'Must not contain the NUL character');

/** Only whitespace, control and format characters (zero-width spaces and joiners, BOM…): nothing a reader sees. */
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}]*$/u;
/** Whether a text holds at least one character a reader sees. */
export const hasVisibleText = (s: string): boolean => !INVISIBLE_ONLY.test(s);
/** Bidirectional overrides and isolates, which make a name display as something other than what it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** A trimmed text of at most `max` characters with at least one visible character. */
export const requiredText = (max: number) =>
  inputString().trim().min(1).max(max).refine(hasVisibleText, 'Must contain a visible character');
/** A person's first or last name: a required text on one line, without bidirectional controls. */
export const requiredName = (max: number) =>
  requiredText(max)
    .refine((s) => !/\p{Cc}/u.test(s), 'Must not contain control characters')
    .refine((s) => !BIDI_CONTROLS.test(s), 'Must not contain bidirectional control characters');
/** An optional free text; absent or null becomes ''. */
export const optionalText = (max: number) =>
  inputString()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const MAX_ID = 2_147_483_647;
/** An id in a path or query: plain decimal digits only (no sign, spaces, leading zeros, hex or exponent). */
export const idSchema = inputString()
  .regex(/^[1-9][0-9]*$/, 'Expected a positive whole number in plain digits')
  .transform(Number)
  .pipe(z.number().max(MAX_ID));
export const idParamsSchema = z.object({ id: idSchema });
/** An id in a JSON body: a JSON number, never a string, array or boolean. */
export const bodyIdSchema = z.number().int().positive().max(MAX_ID);

/**
 * The version of a note, profile or schedule as the client read it. A write that names one is applied only if it is
 * still the stored one, else 409 STALE; a write that names none (the spec's own client) overwrites.
 */
export const versionSchema = z.number().int().positive().max(MAX_ID);
/** The version a save read, where a thing not yet written reads as version 0 (a save naming 0 only creates it). */
export const readVersionSchema = z.number().int().min(0).max(MAX_ID);

/**
 * A body that is a bare list (the weekly schedule) cannot name its version: its GET answers the version as an ETag,
 * and a write sends it back in If-Match.
 */
export const versionEtag = (version: number): string => `"${version}"`;
/** The version an If-Match names: a number, '*' for any, or null when it names none that can exist. */
export function versionFromIfMatch(header: string): number | '*' | null {
  if (header.trim() === '*') return '*';
  const match = /^\s*(?:W\/)?"([1-9][0-9]{0,9})"\s*$/.exec(header);
  const version = match ? Number(match[1]) : Number.NaN;
  return versionSchema.safeParse(version).success ? version : null;
}

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A calendar date as YYYY-MM-DD that exists (no 2024-02-30). */
export const isoDateSchema = inputString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD')
  .refine(isRealDate, 'Not a real date');

export const emailSchema = inputString().trim().toLowerCase().max(254).email();

/** A birth date no earlier than MIN_BIRTH_DATE; the age rules are added where it is used. */
export const birthDateFloorSchema = isoDateSchema.refine(
  (d) => d >= MIN_BIRTH_DATE,
  `Birth date cannot be before ${MIN_BIRTH_DATE}`,
);
