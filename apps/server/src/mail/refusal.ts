/** nodemailer's codes for a reply about the mail itself: its sender or recipients (EENVELOPE), or its content (EMESSAGE). */
const ABOUT_THE_MAIL = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Whether the mail server refused this mail for good: a permanent (5xx) reply to its envelope or content, which
 * every later try would get again (RFC 5321 §4.2.1; 503 only says the commands came out of order). A 4xx reply, a
 * connection that failed, or a refused greeting or login tell of the server's state or our settings: tried again.
 */
export function refusedForGood(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  return (
    typeof code === 'string' &&
    ABOUT_THE_MAIL.has(code) &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503
  );
}
