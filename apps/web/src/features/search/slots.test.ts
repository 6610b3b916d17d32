import type { DoctorSearchResult } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { withoutSlot } from './slots';

const doctor = (id: number, slots: [string, string, string][]): DoctorSearchResult => ({
  id,
  firstName: 'A',
  lastName: 'B',
  description: '',
  availableSlots: slots.map(([date, startTime, endTime]) => ({ date, startTime, endTime })),
});

describe('withoutSlot', () => {
  const results = [
    doctor(1, [
      ['2025-03-07', '10:00', '11:00'],
      ['2025-03-08', '10:00', '11:00'],
    ]),
    doctor(2, [['2025-03-07', '10:00', '11:00']]),
  ];

  it('removes only the booked slot of the booked doctor', () => {
    const next = withoutSlot(results, { psychologistId: 1, date: '2025-03-07', startTime: '10:00', endTime: '11:00' });
    expect(next[0].availableSlots).toEqual([{ date: '2025-03-08', startTime: '10:00', endTime: '11:00' }]);
    expect(next[1]).toBe(results[1]);
  });

  it('drops a doctor whose last free slot was booked, matching times with or without seconds', () => {
    const next = withoutSlot(results, { psychologistId: 2, date: '2025-03-07', startTime: '10:00:00', endTime: '11:00:00' });
    expect(next.map((d) => d.id)).toEqual([1]);
  });
});
