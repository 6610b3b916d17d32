/** The last risk alert about a patient whose mail went out or waits to, as one psychologist's mail pace sees it. */
export type LastRiskMail = { mail: 'PENDING' | 'SENT'; mailedAt: Date | null; claimed: boolean };

/** At most one risk-alert mail about a patient an hour, per psychologist. */
export const RISK_MAIL_INTERVAL_MS = 3_600_000;

/**
 * When the mail of a new risk alert goes out: not at all when the last one's still waits (that mail will count this
 * alert too), else at once, or an hour after the last went out (or from now, while it is going out), as a mail that
 * counts every alert since.
 */
export function riskMailPace(last: LastRiskMail | undefined, now: Date): 'joins-waiting-mail' | { delaySeconds: number } {
  if (!last) return { delaySeconds: 0 };
  if (last.mail === 'PENDING' && !last.claimed) return 'joins-waiting-mail';
  const sentAt = last.mail === 'SENT' && last.mailedAt ? last.mailedAt : now;
  return { delaySeconds: Math.max(0, (sentAt.getTime() + RISK_MAIL_INTERVAL_MS - now.getTime()) / 1000) };
}
