import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A per-socket fixed-window counter: `take()` is false once the window's allowance is spent. */
export class Allowance {
  private used = 0;
  private resetAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  take(now = Date.now()): boolean {
    if (now >= this.resetAt) {
      this.used = 0;
      this.resetAt = now + this.windowMs;
    }
    this.used += 1;
    return this.used <= this.max;
  }

  /** When the current window ends (ms since the epoch). */
  get windowEndsAt(): number {
    return this.resetAt;
  }
}

/** Runs tasks with the same key one after another. */
export type KeyedRunner = { run<T>(key: string, task: () => Promise<T>): Promise<T> };

/** Runs tasks with the same key one after another (in this process), e.g. joins of one room against its size limit. */
export class KeyedQueue implements KeyedRunner {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

// Deletes the lock only if it is still the holder's, so a lock that expired and was taken by another is left alone.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Runs tasks with the same key one after another across every process sharing the Redis: a lock per key, taken with
 * SET NX and given up after `ttlMs` should its holder die. Taking it fails (throws) after `ttlMs` of trying.
 */
export class RedisLocks implements KeyedRunner {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = 5000,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const name = `${this.prefix}${key}`;
    const holder = randomUUID();
    for (const deadline = Date.now() + this.ttlMs; ; ) {
      if ((await this.redis.set(name, holder, 'PX', this.ttlMs, 'NX')) === 'OK') break;
      if (Date.now() > deadline) throw new Error(`lock ${name} not taken within ${this.ttlMs} ms`);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
    try {
      return await task();
    } finally {
      await this.redis.eval(RELEASE, 1, name, holder).catch(() => undefined);
    }
  }
}
