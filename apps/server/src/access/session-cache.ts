import { LRUCache } from 'lru-cache';
import type { UserRow } from '../db/schema/index.js';

/** A live session: the account, and what the session proved (a second factor; when a factor was last checked). */
export type LiveSession = { user: UserRow; sessionId: string; twoFactor: boolean; verifiedAt: Date };

/** How long a checked token is believed without asking the database again. */
export const SESSION_CACHE_MS = 1000;
export const SESSION_CACHE_ENTRIES = 10_000;

type Entry = LiveSession & { expiresAtMs: number };

/**
 * Accounts and sessions behind recently checked tokens, for at most SESSION_CACHE_MS, so a burst of requests with one
 * token reads the database once. Anything announced as ended or changed is dropped at once.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(monotonic: () => number = performance.now.bind(performance)) {
    // ttlResolution 0: the age is read at every get, not remembered for a millisecond.
    this.entries = new LRUCache({
      max: SESSION_CACHE_ENTRIES,
      ttl: SESSION_CACHE_MS,
      ttlResolution: 0,
      perf: { now: monotonic },
    });
  }

  /** The cached session of this token, if it was checked less than SESSION_CACHE_MS ago and is not past `now`. */
  get(token: string, now: Date): LiveSession | undefined {
    const entry = this.entries.get(token);
    if (entry && now.getTime() >= entry.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, value: Entry): void {
    this.entries.set(token, value);
  }

  dropUser(userId: number): void {
    this.dropWhere((entry) => entry.user.id === userId);
  }

  dropSession(sessionId: string): void {
    this.dropWhere((entry) => entry.sessionId === sessionId);
  }

  clear(): void {
    this.entries.clear();
  }

  private dropWhere(match: (entry: Entry) => boolean): void {
    const tokens: string[] = [];
    for (const [token, entry] of this.entries.entries()) if (match(entry)) tokens.push(token);
    for (const token of tokens) this.entries.delete(token);
  }
}
