/**
 * SQLSTATEs that mean the database cannot serve just now rather than that the request was wrong: connection
 * exceptions (08), shutdown or restart (57P01-57P03), a statement cut off by statement_timeout (57014) and too many
 * connections (53300).
 */
const STATES = /^(08...|57P0[123]|57014|53300)$/;
/** Socket errors on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres and its pool say these in words only, on errors of their own (no code, no failed query to quote). */
const MESSAGES =
  /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect|Query read timeout/i;

/** Whether an error, or one it wraps (drizzle wraps the driver's in `cause`), says the database is out of reach. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (STATES.test(code) || SOCKET_CODES.has(code))) return true;
    const own = code === undefined && !('query' in current);
    if (own && typeof message === 'string' && MESSAGES.test(message)) return true;
    // A host name with several addresses fails with an AggregateError of one error per address.
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return false;
}
