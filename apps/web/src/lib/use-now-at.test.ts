import { describe, expect, it } from 'vitest';
import { delayToNext } from './use-now-at';

describe('delayToNext', () => {
  it('waits until the soonest instant still ahead', () => {
    expect(delayToNext([5000, 2000, 9000], 1000)).toBe(1000);
    expect(delayToNext([5000, 2000, 9000], 2000)).toBe(3000);
  });

  it('waits for nothing once every instant has passed', () => {
    expect(delayToNext([1000, 2000], 2000)).toBeNull();
    expect(delayToNext([], 0)).toBeNull();
  });

  it('waits in steps a timer can take for an instant weeks away', () => {
    expect(delayToNext([60 * 86_400_000], 0)).toBe(2 ** 31 - 1);
  });
});
