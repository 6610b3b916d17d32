import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

/** A task that runs until released, recording when it started. */
function tasks(log: string[]) {
  const release = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      log.push(name);
      release.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    release.get(name)?.();
    // The queue starts the next task once the finished one's promise has settled.
    await new Promise((r) => setImmediate(r));
  };
  return { task, finish };
}

describe('FairQueue', () => {
  it("starts another key's task at once while one key's backlog waits for its own turn", async () => {
    const log: string[] = [];
    const { task, finish } = tasks(log);
    const queue = new FairQueue<string>(2, 1);
    const results = ['a1', 'a2', 'a3', 'a4'].map((name) => queue.run('a', task(name)));
    expect(log).toEqual(['a1']);
    const b = queue.run('b', task('b1'));
    expect(log).toEqual(['a1', 'b1']);
    expect(queue.size()).toEqual({ running: 2, waiting: 3 });
    await finish('b1');
    expect(await b).toBe('b1');
    // A free slot does not go to a key already at its share.
    expect(log).toEqual(['a1', 'b1']);
    await finish('a1');
    await finish('a2');
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3']);
    await finish('a3');
    await finish('a4');
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.size()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives waiting keys turns in the order they first waited, one task each', async () => {
    const log: string[] = [];
    const { task, finish } = tasks(log);
    const queue = new FairQueue<string>(1, 1);
    for (const name of ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']) void queue.run(name[0], task(name));
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2']) await finish(name);
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('lets one key run up to its share when slots are free', async () => {
    const log: string[] = [];
    const { task } = tasks(log);
    const queue = new FairQueue<string>(3, 2);
    for (const name of ['a1', 'a2', 'a3']) void queue.run('a', task(name));
    expect(log).toEqual(['a1', 'a2']);
    expect(queue.size('a')).toEqual({ running: 2, waiting: 1 });
  });

  it('drops a waiting task whose signal aborts, with its reason, and frees the slot of one that fails', async () => {
    const log: string[] = [];
    const { task, finish } = tasks(log);
    const queue = new FairQueue<string>(1, 1);
    void queue.run('a', task('a1'));
    const abort = new AbortController();
    const waiting = queue.run('b', task('b1'), abort.signal);
    abort.abort(new Error('too late'));
    await expect(waiting).rejects.toThrow('too late');
    expect(queue.size()).toEqual({ running: 1, waiting: 0 });
    const failing = expect(
      queue.run('c', () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    await finish('a1');
    await failing;
    expect(queue.size()).toEqual({ running: 0, waiting: 0 });
    expect(log).toEqual(['a1']);
    await expect(queue.run('d', task('d1'), AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
