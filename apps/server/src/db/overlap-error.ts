const CONSTRAINTS = {
  appointments_psychologist_no_overlap: 'psychologist',
  appointments_patient_no_overlap: 'patient',
  busy_times_psychologist_no_overlap: 'psychologist',
  busy_times_patient_no_overlap: 'patient',
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

/** The SQLSTATE of a driver error, found through Drizzle's `cause` links. */
function sqlStateOf(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

/**
 * Runs a transaction again when PostgreSQL picked it as a deadlock victim (40P01) or a serialization failure
 * (40001). Two bookings of one slot can each see the other's uncommitted row in the exclusion index and wait on each
 * other; the retry then meets the committed row and is refused as a plain overlap.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const state = sqlStateOf(err);
      if (attempt >= attempts || (state !== '40P01' && state !== '40001')) throw err;
    }
  }
}
