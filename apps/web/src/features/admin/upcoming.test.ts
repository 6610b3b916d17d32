import type { AdminAppointmentRow } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { isUpcoming, pageOf, splitByNow } from './upcoming';

const row = (id: number, date: string, startTime: string, endTime: string): AdminAppointmentRow => ({
  id,
  kind: 'INDIVIDUAL',
  group: null,
  attendance: null,
  date,
  startTime,
  endTime,
  // The admin in the platform zone (Kyiv, +02:00 in March).
  startsAt: new Date(`${date}T${startTime.slice(0, 5)}:00+02:00`).toISOString(),
  endsAt: new Date(`${date}T${endTime.slice(0, 5)}:00+02:00`).toISOString(),
  timeZone: 'Europe/Kyiv',
  doctorTimeZone: 'Europe/Kyiv',
  patientTimeZone: 'Europe/Kyiv',
  status: 'CONFIRMED',
  cancellationReason: null,
  doctorId: 1,
  doctorFirstName: 'D',
  doctorLastName: 'R',
  patientId: 2,
  patientFirstName: 'P',
  patientLastName: 'T',
});

describe('admin appointments: upcoming and past', () => {
  it('is upcoming until its end instant has passed', () => {
    const a = row(1, '2026-11-23', '10:00', '11:00');
    expect(isUpcoming(a, Date.parse('2026-11-23T08:59:59Z'))).toBe(true);
    expect(isUpcoming(a, Date.parse('2026-11-23T09:00:00Z'))).toBe(false);
    // The same instant read on another clock: 04:00 in New York is 11:00 in Kyiv.
    expect(isUpcoming(a, Date.parse('2026-11-23T04:00:00-05:00'))).toBe(false);
    expect(isUpcoming(a, Date.parse('2026-11-22T23:59:00-05:00'))).toBe(true);
  });

  it('orders by the instants, not by the wall-clock text of another zone', () => {
    // 23:30 in New York is 06:30 the next day in Kyiv: after a Kyiv morning session of that day.
    const late = { ...row(1, '2026-11-23', '23:30', '23:59'), startsAt: '2026-11-24T04:30:00Z', endsAt: '2026-11-24T04:59:00Z' };
    const morning = row(2, '2026-11-24', '06:00', '06:15');
    const { upcoming } = splitByNow([late, morning], Date.parse('2026-11-23T00:00:00Z'));
    expect(upcoming.map((a) => a.id)).toEqual([2, 1]);
  });

  it('splits and orders: upcoming soonest first, past latest first', () => {
    const rows = [
      row(1, '2026-11-20', '09:00', '10:00'),
      row(2, '2026-11-25', '12:00', '13:00'),
      row(3, '2026-11-24', '09:00', '10:00'),
      row(4, '2026-11-21', '09:00', '10:00'),
      row(5, '2026-11-23', '11:00', '12:00'),
    ];
    const { upcoming, past } = splitByNow(rows, Date.parse('2026-11-23T11:30:00+02:00'));
    expect(upcoming.map((a) => a.id)).toEqual([5, 3, 2]);
    expect(past.map((a) => a.id)).toEqual([4, 1]);
  });

  it('pages ten at a time', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 0)).toEqual(rows.slice(0, 10));
    expect(pageOf(rows, 2)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 3)).toEqual([]);
  });
});
