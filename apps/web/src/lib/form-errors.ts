import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type FieldIssue = z.core.$ZodIssue;
/** Words the first problem found in one form field. */
export type FieldMessage = (field: string, issue: FieldIssue) => string;
export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

/**
 * Parses form values with a contract schema: the parsed body, or one message per top-level field
 * (the field a Mantine input shows errors for), worded by `message` since the contract's own are English-only.
 */
export function checkSchema<S extends z.ZodType>(schema: S, values: unknown, message: FieldMessage): Checked<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= message(field, issue);
  }
  return { ok: false, errors };
}

/** The Mantine form errors of `checkSchema`: none when the values are valid. */
export function schemaErrors<S extends z.ZodType>(schema: S, values: unknown, message: FieldMessage): Record<string, string> {
  const checked = checkSchema(schema, values, message);
  return checked.ok ? {} : checked.errors;
}

/**
 * The usual wording, with keys under `prefix`: an empty text is `required`, an overlong one `tooLong` (with `max`),
 * anything else `invalid`; `overrides` word particular fields their own way.
 */
export const fieldMessages =
  (t: TFunction, prefix: string, overrides: Record<string, (issue: FieldIssue) => string> = {}): FieldMessage =>
  (field, issue) => {
    const own = overrides[field];
    if (own) return own(issue);
    if (issue.code === 'too_small') return t(`${prefix}.required`);
    if (issue.code === 'too_big') return t(`${prefix}.tooLong`, { max: Number(issue.maximum) });
    return t(`${prefix}.invalid`);
  };
