type Waiting = { start: () => void; cancel: () => void };

/**
 * Runs tasks at most `slots` at a time and at most `perKey` of them for one key (an account). A free slot goes to the
 * waiting key served least recently (a key new to the queue first): a key with a long backlog delays another key's
 * task by at most its own `perKey` running ones, never by its backlog.
 */
export class FairQueue<K> {
  #running = 0;
  #starts = 0;
  readonly #runningByKey = new Map<K, number>();
  readonly #waiting = new Map<K, Waiting[]>();
  /** When each busy key last started a task; forgotten once it has nothing running or waiting. */
  readonly #lastStart = new Map<K, number>();

  constructor(
    private readonly slots: number,
    private readonly perKey: number,
  ) {}

  /** The task's result once it has had its turn; rejected with the signal's reason if aborted before it starts. */
  run<T>(key: K, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          signal?.removeEventListener('abort', entry.cancel);
          this.#started(key);
          // Async, so that a task throwing at once still frees its slot.
          (async () => task())()
            .then(resolve, reject)
            .finally(() => this.#finished(key));
        },
        cancel: () => {
          this.#remove(key, entry);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', entry.cancel, { once: true });
      this.#waiting.set(key, [...(this.#waiting.get(key) ?? []), entry]);
      this.#dispatch();
    });
  }

  /** Tasks running and waiting, for one key or all. */
  size(key?: K): { running: number; waiting: number } {
    if (key !== undefined) {
      return { running: this.#runningByKey.get(key) ?? 0, waiting: this.#waiting.get(key)?.length ?? 0 };
    }
    let waiting = 0;
    for (const entries of this.#waiting.values()) waiting += entries.length;
    return { running: this.#running, waiting };
  }

  #dispatch(): void {
    while (this.#running < this.slots) {
      let next: K | undefined;
      let nextStart = Infinity;
      for (const key of this.#waiting.keys()) {
        const lastStart = this.#lastStart.get(key) ?? -1;
        if ((this.#runningByKey.get(key) ?? 0) < this.perKey && lastStart < nextStart) {
          next = key;
          nextStart = lastStart;
        }
      }
      if (next === undefined) return;
      const entries = this.#waiting.get(next) as Waiting[];
      const entry = entries.shift() as Waiting;
      if (entries.length === 0) this.#waiting.delete(next);
      entry.start();
    }
  }

  #started(key: K): void {
    this.#running++;
    this.#runningByKey.set(key, (this.#runningByKey.get(key) ?? 0) + 1);
    this.#lastStart.set(key, this.#starts++);
  }

  #finished(key: K): void {
    this.#running--;
    const left = (this.#runningByKey.get(key) ?? 1) - 1;
    if (left > 0) this.#runningByKey.set(key, left);
    else this.#runningByKey.delete(key);
    this.#forgetIfIdle(key);
    this.#dispatch();
  }

  #remove(key: K, entry: Waiting): void {
    const entries = this.#waiting.get(key)?.filter((e) => e !== entry) ?? [];
    if (entries.length > 0) this.#waiting.set(key, entries);
    else this.#waiting.delete(key);
    this.#forgetIfIdle(key);
  }

  #forgetIfIdle(key: K): void {
    if (!this.#runningByKey.has(key) && !this.#waiting.has(key)) this.#lastStart.delete(key);
  }
}
