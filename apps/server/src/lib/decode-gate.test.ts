import { describe, expect, it } from 'vitest';
import { DecodeGate } from './decode-gate.js';

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { promise, done };
};

describe('the decode gate', () => {
  it('runs at most its number at once, the rest in the order they came', async () => {
    const gate = new DecodeGate(2, 10);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const jobs = Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(gate.seen).toEqual({ running: 2, waiting: 4, decodes: 6 });
  });

  it('frees the place of a decode that failed', async () => {
    const gate = new DecodeGate(1, 10);
    await expect(gate.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('answers 503 when the queue is full, and takes work again once it drains', async () => {
    const gate = new DecodeGate(1, 1);
    const first = later();
    const running = gate.run(() => first.promise);
    const queued = gate.run(async () => 'queued');
    await expect(gate.run(async () => 'refused')).rejects.toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    first.done();
    await running;
    expect(await queued).toBe('queued');
    expect(await gate.run(async () => 'again')).toBe('again');
  });
});
