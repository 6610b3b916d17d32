import { APPOINTMENT_STATUSES } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { shownStatus } from './appointment-status';

describe('shown status', () => {
  it('reads a confirmed session that has ended as completed, and every other status as itself', () => {
    expect(shownStatus('CONFIRMED', true)).toBe('COMPLETED');
    expect(shownStatus('CONFIRMED', false)).toBe('CONFIRMED');
    for (const status of APPOINTMENT_STATUSES.filter((s) => s !== 'CONFIRMED')) {
      expect([shownStatus(status, true), shownStatus(status, false)]).toEqual([status, status]);
    }
  });
});
