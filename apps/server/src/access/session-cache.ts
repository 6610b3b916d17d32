import type { UserRow } from '../db/schema/index.js';

/** A live session: the account, and what the session proved (a second factor; when a factor was last checked). */
export type LiveSession = { user: UserRow; sessionId: string; twoFactor: boolean; verifiedAt: Date };

/** How long a checked token is believed without asking the database again. */
export const SESSION_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;

type Entry = LiveSession & { expiresAtMs: number; checkedAt: number };

/**
 * Accounts and sessions behind recently checked tokens, for at most SESSION_CACHE_MS, so a burst of requests with one
 * token reads the database once. Anything announced as ended or changed is dropped at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly monotonic: () => number = performance.now.bind(performance)) {}

  /** The cached session of this token, if it was checked less than SESSION_CACHE_MS ago and is not past `now`. */
  get(token: string, now: Date): LiveSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.monotonic() - entry.checkedAt >= SESSION_CACHE_MS || now.getTime() >= entry.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, value: LiveSession & { expiresAtMs: number }): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { ...value, checkedAt: this.monotonic() });
  }

  dropUser(userId: number): void {
    for (const [token, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(token);
  }

  dropSession(sessionId: string): void {
    for (const [token, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(token);
  }

  clear(): void {
    this.entries.clear();
  }
}
