import { describe, expect, it } from 'vitest';
import { PdfCache } from './pdf-cache.js';

const file = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);

describe('PdfCache', () => {
  it('makes a key once, even when asked again while it is being made', async () => {
    const cache = new PdfCache(1000);
    let made = 0;
    const make = async () => file(10, ++made);
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(await cache.get('k', make)).toBe(a);
    expect([made, b]).toEqual([1, a]);
  });

  it('lets the least recently asked for go past its bytes, and keeps no file over an eighth of them', async () => {
    const cache = new PdfCache(800);
    let made = 0;
    const make = (bytes: number) => async () => {
      made++;
      return file(bytes);
    };
    await cache.get('a', make(100));
    await cache.get('b', make(100));
    await cache.get('a', make(100));
    // 900 bytes would be kept: b, asked for least recently, goes.
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) await cache.get(key, make(100));
    made = 0;
    await cache.get('a', make(100));
    expect(made).toBe(0);
    await cache.get('b', make(100));
    expect(made).toBe(1);
    await cache.get('big', make(101));
    await cache.get('big', make(101));
    expect(made).toBe(3);
  });

  it('keeps nothing of a failed making, so the next ask tries again', async () => {
    const cache = new PdfCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('k', async () => file(1))).toEqual(file(1));
  });
});
