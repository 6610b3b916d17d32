import { describe, expect, it } from 'vitest';
import { riskMailPace } from './risk-pace.js';

const now = new Date('2026-03-11T08:20:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('the pace of risk-alert mails', () => {
  it('mails the first alert at once', () => {
    expect(riskMailPace(undefined, now)).toEqual({ delaySeconds: 0 });
  });

  it('adds an alert to a mail that still waits', () => {
    expect(riskMailPace({ mail: 'PENDING', mailedAt: null, claimed: false }, now)).toBe('joins-waiting-mail');
  });

  it('holds the next mail until an hour after the last went out', () => {
    expect(riskMailPace({ mail: 'SENT', mailedAt: minutesAgo(20), claimed: false }, now)).toEqual({ delaySeconds: 40 * 60 });
    expect(riskMailPace({ mail: 'SENT', mailedAt: minutesAgo(60), claimed: false }, now)).toEqual({ delaySeconds: 0 });
    expect(riskMailPace({ mail: 'SENT', mailedAt: minutesAgo(300), claimed: false }, now)).toEqual({ delaySeconds: 0 });
  });

  it('counts the hour from now for a mail that is going out', () => {
    expect(riskMailPace({ mail: 'PENDING', mailedAt: null, claimed: true }, now)).toEqual({ delaySeconds: 3600 });
  });
});
