/**
 * Fixed-window counters kept in memory, one window per key. Bounded: past maxKeys the expired
 * windows are dropped first, then the oldest ones.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until the key may act again when it has used up its allowance, else null. */
  blockedFor(key: string, now: number): number | null {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < this.max) return null;
    return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  hit(key: string, now: number): void {
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
