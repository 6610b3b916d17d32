import type { z } from 'zod';

/**
 * Validates form values with a contract schema and returns Mantine form errors, one per field,
 * worded by `message` (the contract's own messages are English-only).
 */
export function schemaErrors<S extends z.ZodType>(
  schema: S,
  values: unknown,
  message: (field: string, issue: z.core.$ZodIssue) => string,
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= message(field, issue);
  }
  return errors;
}
