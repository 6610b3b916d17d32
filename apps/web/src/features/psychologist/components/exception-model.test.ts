import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { checkBlock, checkSlot, failureOf, SLOT_STARTS, slotEnds } from './exception-model';

describe('one-off slot times', () => {
  it('offers every half hour of the day as a start', () => {
    expect(SLOT_STARTS).toHaveLength(48);
    expect([SLOT_STARTS[0], SLOT_STARTS[1], SLOT_STARTS.at(-1)]).toEqual(['00:00', '00:30', '23:30']);
  });

  it('offers the ends of the lengths that start on a multiple of themselves and end by 24:00', () => {
    expect(slotEnds('10:00')).toEqual(['10:30', '11:00', '12:00']);
    expect(slotEnds('09:00')).toEqual(['09:30', '10:00']);
    expect(slotEnds('10:30')).toEqual(['11:00']);
    expect(slotEnds('22:00')).toEqual(['22:30', '23:00', '24:00']);
    expect(slotEnds('23:30')).toEqual(['24:00']);
  });
});

describe('refused additions', () => {
  const refused = (status: number, code: string, field?: string) =>
    new ApiError(status, code, 'no', field ? [{ field, message: 'no' }] : []);

  it('puts each refusal under the input it concerns, with its own words', () => {
    expect(failureOf(refused(409, 'SLOT_OVERLAP'))).toEqual({ input: 'start', key: 'scheduleExceptions.errors.overlap' });
    expect(failureOf(refused(409, 'CONFLICT'))).toEqual({
      input: null,
      key: 'scheduleExceptions.errors.limit',
      values: { max: 100 },
    });
    expect(failureOf(refused(400, 'VALIDATION', 'body.endDate')).key).toBe('scheduleExceptions.errors.pastDates');
    expect(failureOf(refused(400, 'VALIDATION', 'body.date'))).toEqual({
      input: 'date',
      key: 'scheduleExceptions.errors.pastDate',
    });
    expect(failureOf(refused(400, 'VALIDATION', 'body.startTime')).input).toBe('start');
  });

  it('falls back to a generic text for anything else', () => {
    const generic = { input: null, key: 'scheduleExceptions.errors.generic' };
    expect(failureOf(refused(500, 'INTERNAL'))).toEqual(generic);
    expect(failureOf(refused(400, 'VALIDATION', 'body.kind'))).toEqual(generic);
    expect(failureOf(new Error('offline'))).toEqual(generic);
  });
});

describe('checking the forms with the contract', () => {
  it('blocks one day when only the first is picked, or the range', () => {
    expect(checkBlock(['2026-03-16', null])).toEqual({
      ok: true,
      body: { kind: 'BLOCK', startDate: '2026-03-16', endDate: '2026-03-16' },
    });
    expect(checkBlock(['2026-03-16', '2026-03-20'])).toMatchObject({ ok: true, body: { endDate: '2026-03-20' } });
  });

  it('asks for a date, and refuses a range longer than the longest block', () => {
    expect(checkBlock([null, null])).toEqual({
      ok: false,
      failure: { input: 'dates', key: 'scheduleExceptions.errors.required' },
    });
    expect(checkBlock(['2026-03-16', '2026-06-16'])).toEqual({
      ok: false,
      failure: { input: 'dates', key: 'scheduleExceptions.errors.tooLong', values: { max: 92 } },
    });
    expect(checkBlock(['2026-03-16', '2026-03-15'])).toMatchObject({
      failure: { key: 'scheduleExceptions.errors.endBeforeStart' },
    });
  });

  it('checks a one-off slot like a weekly one', () => {
    expect(checkSlot('2026-03-16', '18:00', '19:00')).toEqual({
      ok: true,
      body: { kind: 'SLOT', date: '2026-03-16', startTime: '18:00', endTime: '19:00' },
    });
    expect(checkSlot(null, '18:00', '19:00')).toMatchObject({ failure: { input: 'date' } });
    expect(checkSlot('2026-03-16', '18:30', '19:30')).toMatchObject({ failure: { input: 'end' } });
  });
});
