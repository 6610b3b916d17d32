const CONSTRAINTS = {
  appointments_psychologist_no_overlap: 'psychologist',
  appointments_patient_no_overlap: 'patient',
} as const;
export type Overlap = (typeof CONSTRAINTS)[keyof typeof CONSTRAINTS];

/**
 * Which exclusion constraint refused an insert, if any. node-postgres and PGlite both report SQLSTATE 23P01 with the
 * constraint name, but Drizzle wraps them, so the driver error may sit a few `cause` links down.
 */
export function overlapOf(err: unknown): Overlap | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint, message, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === '23P01') {
      const name = typeof constraint === 'string' ? constraint : String(message ?? '');
      for (const [key, kind] of Object.entries(CONSTRAINTS)) if (name.includes(key)) return kind;
    }
    current = cause;
  }
  return null;
}
