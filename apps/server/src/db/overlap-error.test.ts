import { describe, expect, it } from 'vitest';
import { overlapOf, retryingDeadlocks } from './overlap-error.js';

/** A driver error as Drizzle hands it on: wrapped, with the SQLSTATE on its cause. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code, constraint }) });

describe('booking errors', () => {
  it('names the exclusion constraint that refused an insert', () => {
    expect(overlapOf(wrapped('23P01', 'appointments_psychologist_no_overlap'))).toBe('psychologist');
    expect(overlapOf(wrapped('23P01', 'appointments_patient_no_overlap'))).toBe('patient');
    expect(overlapOf(wrapped('23505', 'appointments_pkey'))).toBeNull();
  });

  it('runs a deadlock victim or serialization failure again, and nothing else', async () => {
    for (const code of ['40P01', '40001']) {
      let calls = 0;
      const answer = await retryingDeadlocks(async () => {
        calls++;
        if (calls < 3) throw wrapped(code);
        return 'booked';
      });
      expect([answer, calls]).toEqual(['booked', 3]);
    }
    let calls = 0;
    const overlap = wrapped('23P01', 'appointments_psychologist_no_overlap');
    await expect(
      retryingDeadlocks(async () => {
        calls++;
        throw overlap;
      }),
    ).rejects.toBe(overlap);
    expect(calls).toBe(1);
  });

  it('gives up after the last attempt with the database error', async () => {
    const deadlock = wrapped('40P01');
    await expect(retryingDeadlocks(() => Promise.reject(deadlock), 2)).rejects.toBe(deadlock);
  });
});
