import { describe, expect, it } from 'vitest';
import { isPolite } from './polite';

describe('isPolite', () => {
  it('makes exactly one end of every pair polite, whichever end asks', () => {
    const ids = ['AbC123', 'abc123', 'Z9', '0x', 'k_-q', 'kq'];
    for (const a of ids) {
      for (const b of ids) {
        if (a === b) continue;
        expect(isPolite(a, b) !== isPolite(b, a), `${a} / ${b}`).toBe(true);
      }
    }
  });

  it('makes the smaller id polite', () => {
    expect(isPolite('a1', 'b1')).toBe(true);
    expect(isPolite('b1', 'a1')).toBe(false);
  });
});
