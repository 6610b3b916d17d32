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
}

/** Runs tasks with the same key one after another (in this process), e.g. joins of one room against its size limit. */
export class KeyedQueue {
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
