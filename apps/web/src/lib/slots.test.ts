import type { DoctorSearchPage, DoctorSearchResult } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { withoutSlot, withoutSlotInPages } from './slots';

/** A slot of a caller in UTC, so the instants read like the wall clock. */
const slot = (date: string, startTime: string, endTime: string) => ({
  date,
  startTime,
  endTime,
  startsAt: `${date}T${startTime}:00.000Z`,
  endsAt: `${date}T${endTime}:00.000Z`,
  timeZone: 'UTC',
});

const doctor = (id: number, slots: [string, string, string][]): DoctorSearchResult => ({
  id,
  firstName: 'A',
  lastName: 'B',
  description: '',
  languages: [],
  timeZone: 'Europe/Kyiv',
  availableSlots: slots.map(([date, startTime, endTime]) => slot(date, startTime, endTime)),
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
    const next = withoutSlot(results, { psychologistId: 1, startsAt: '2025-03-07T10:00:00.000Z' });
    expect(next[0].availableSlots).toEqual([slot('2025-03-08', '10:00', '11:00')]);
    expect(next[1]).toBe(results[1]);
  });

  it('drops a doctor whose last free slot was booked, matching the instant however it is written', () => {
    const next = withoutSlot(results, { psychologistId: 2, startsAt: '2025-03-07T12:00:00+02:00' });
    expect(next.map((d) => d.id)).toEqual([1]);
  });
});

describe('withoutSlotInPages', () => {
  const item = (id: number, slots: [string, string, string][], freeSlotCount: number) => ({
    ...doctor(id, slots),
    freeSlotCount,
  });
  const pages = (doctors: DoctorSearchPage['doctors'][]) => ({
    pages: doctors.map((d, i) => ({ doctors: d, nextCursor: i < doctors.length - 1 ? `c${i}` : null })),
    pageParams: doctors.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
  });

  it('removes the booked slot from the nearest ones and counts one free slot fewer', () => {
    const data = pages([[item(1, [['2025-03-07', '10:00', '11:00']], 5)], [item(2, [['2025-03-07', '10:00', '11:00']], 1)]]);
    const next = withoutSlotInPages(data, { psychologistId: 1, startsAt: '2025-03-07T10:00:00Z' });
    expect(next.pages[0].doctors[0]).toMatchObject({ availableSlots: [], freeSlotCount: 4 });
    expect(next.pages[1]).toEqual(data.pages[1]);
    expect(next.pageParams).toEqual(data.pageParams);
  });

  it("drops a doctor whose last free slot was booked, and leaves others' counts alone", () => {
    const data = pages([[item(1, [['2025-03-07', '10:00', '11:00']], 1), item(2, [['2025-03-07', '10:00', '11:00']], 3)]]);
    const next = withoutSlotInPages(data, { psychologistId: 1, startsAt: '2025-03-07T10:00:00.000Z' });
    expect(next.pages[0].doctors.map((d) => [d.id, d.freeSlotCount])).toEqual([[2, 3]]);
  });
});
