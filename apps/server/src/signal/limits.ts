import type { Redis } from 'ioredis';
import { Mutex } from 'redis-semaphore';

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

/**
 * Runs tasks with the same key one after another across every process sharing the Redis: a redis-semaphore mutex per
 * key, given up after `ttlMs` should its holder die. Taking it fails (throws) after `ttlMs` of trying.
 */
export class RedisLocks implements KeyedRunner {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: { warn: (obj: object, msg: string) => void },
    private readonly ttlMs = 5000,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const mutex = new Mutex(this.redis, `${this.prefix}${key}`, {
      lockTimeout: this.ttlMs,
      acquireTimeout: this.ttlMs,
      retryInterval: 10,
      // The library's default throws from a timer, which would end the process.
      onLockLost: (err) => this.log.warn({ err, key }, 'lock lost before its task ended'),
    });
    await mutex.acquire();
    try {
      return await task();
    } finally {
      await mutex.release().catch(() => undefined);
    }
  }
}
