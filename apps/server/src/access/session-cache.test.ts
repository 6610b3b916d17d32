import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.js';
import { SESSION_CACHE_ENTRIES, SESSION_CACHE_MS, SessionCache } from './session-cache.js';

const NOW = new Date('2026-03-11T10:00:00Z');
const session = (userId: number, sessionId: string, expiresAtMs = NOW.getTime() + 3_600_000) => ({
  user: { id: userId } as UserRow,
  sessionId,
  twoFactor: false,
  verifiedAt: NOW,
  expiresAtMs,
});

/** A cache on a hand-moved monotonic clock (started above 0: a start of 0 would read as no start). */
function cacheAt(startMs = 5_000) {
  const clock = { ms: startMs };
  return { cache: new SessionCache(() => clock.ms), clock };
}

describe('SessionCache', () => {
  it('believes a checked token until SESSION_CACHE_MS have passed, then asks again', () => {
    const { cache, clock } = cacheAt();
    cache.set('t', session(1, 's1'));
    clock.ms += SESSION_CACHE_MS - 1;
    expect(cache.get('t', NOW)?.sessionId).toBe('s1');
    clock.ms += 2;
    expect(cache.get('t', NOW)).toBeUndefined();
    clock.ms -= 2;
    expect(cache.get('t', NOW)).toBeUndefined();
  });

  it('gives nothing for a session past its end on the app clock, however fresh', () => {
    const { cache } = cacheAt();
    cache.set('t', session(1, 's1', NOW.getTime() + 1));
    expect(cache.get('t', NOW)?.sessionId).toBe('s1');
    expect(cache.get('t', new Date(NOW.getTime() + 1))).toBeUndefined();
    expect(cache.get('t', NOW)).toBeUndefined();
  });

  it('drops every token of an account, or of one session, and nothing else', () => {
    const { cache } = cacheAt();
    cache.set('a1', session(1, 's1'));
    cache.set('a2', session(1, 's2'));
    cache.set('b1', session(2, 's3'));
    cache.set('b2', session(2, 's4'));
    cache.dropUser(1);
    expect([cache.get('a1', NOW), cache.get('a2', NOW)]).toEqual([undefined, undefined]);
    cache.dropSession('s3');
    expect(cache.get('b1', NOW)).toBeUndefined();
    expect(cache.get('b2', NOW)?.sessionId).toBe('s4');
    cache.clear();
    expect(cache.get('b2', NOW)).toBeUndefined();
  });

  it(`holds at most ${SESSION_CACHE_ENTRIES} tokens, letting the oldest unread one go first`, () => {
    const { cache } = cacheAt();
    for (let i = 0; i <= SESSION_CACHE_ENTRIES; i++) cache.set(`t${i}`, session(i, `s${i}`));
    expect(cache.get('t0', NOW)).toBeUndefined();
    for (let i = 1; i <= SESSION_CACHE_ENTRIES; i++) expect(cache.get(`t${i}`, NOW)?.sessionId).toBe(`s${i}`);
  });
});
