import type { Redis } from 'ioredis';

/**
 * Fixed-window counters, one window per key, opened by the key's first hit and lasting `windowMs`. Times are the
 * caller's (the platform clock), so tests that move the clock move the windows.
 */
export interface WindowLimiter {
  readonly max: number;
  /** Seconds until the key may act again when it has used up its allowance, else null. */
  blockedFor(key: string, now: number): Promise<number | null>;
  hit(key: string, now: number): Promise<void>;
}

const secondsLeft = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** The windows in this process's memory. Bounded: past maxKeys the expired windows are dropped first, then the oldest. */
export class MemoryWindows implements WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  async blockedFor(key: string, now: number): Promise<number | null> {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < this.max) return null;
    return secondsLeft(w.resetAt, now);
  }

  async hit(key: string, now: number): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.resetAt > now) {
      w.count += 1;
      return;
    }
    this.windows.delete(key);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.windows.size > this.maxKeys) this.prune(now);
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

// One round trip, atomic: count the hit in the open window, or open a new one. Redis expires the hash a window after
// it opened (in Redis's own time), which only clears what no window needs any more.
const HIT = `
local w = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local now, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2])
if w[2] and tonumber(w[2]) > now then
  redis.call('HINCRBY', KEYS[1], 'count', 1)
else
  redis.call('HSET', KEYS[1], 'count', 1, 'resetAt', now + windowMs)
  redis.call('PEXPIRE', KEYS[1], windowMs)
end`;

/** The same windows in Redis, shared by every process that uses the same Redis and prefix. */
export class RedisWindows implements WindowLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  async blockedFor(key: string, now: number): Promise<number | null> {
    const [count, resetAt] = await this.redis.hmget(`${this.prefix}${key}`, 'count', 'resetAt');
    if (count === null || resetAt === null || Number(resetAt) <= now || Number(count) < this.max) return null;
    return secondsLeft(Number(resetAt), now);
  }

  async hit(key: string, now: number): Promise<void> {
    await this.redis.eval(HIT, 1, `${this.prefix}${key}`, now, this.windowMs);
  }
}
