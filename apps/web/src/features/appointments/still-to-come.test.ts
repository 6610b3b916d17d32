import { describe, expect, it } from 'vitest';
import { stillToCome } from './still-to-come';

const now = Date.parse('2026-11-27T12:00:00Z');
const at = (id: number, status: 'CONFIRMED' | 'CANCELED' | 'NO_SHOW', endsAt: string) => ({ id, status, endsAt });

describe('the active tab', () => {
  it('holds only confirmed sessions that have not ended', () => {
    const list = [
      at(1, 'CONFIRMED', '2026-11-27T12:30:00Z'),
      at(2, 'CANCELED', '2026-11-28T10:00:00Z'),
      at(3, 'NO_SHOW', '2026-11-27T12:10:00Z'),
      at(4, 'CONFIRMED', '2026-11-27T12:00:00Z'),
      at(5, 'CONFIRMED', '2026-11-29T09:00:00Z'),
    ];
    expect(stillToCome(list, now).map((a) => a.id)).toEqual([1, 5]);
  });

  it('lets a session go once it ends', () => {
    const list = [at(1, 'CONFIRMED', '2026-11-27T12:30:00Z')];
    expect(stillToCome(list, Date.parse('2026-11-27T12:30:00Z'))).toEqual([]);
  });
});
