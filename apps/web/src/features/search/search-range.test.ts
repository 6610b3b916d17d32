import { describe, expect, it } from 'vitest';
import { defaultRange, lastBookableDay, maxEndFor, withEnd, withStart } from './search-range';

const today = '2025-03-30';

describe('doctor search range rules', () => {
  it('defaults to today through tomorrow, across a month boundary too', () => {
    expect(defaultRange(today)).toEqual({ startDate: '2025-03-30', endDate: '2025-03-31' });
    expect(defaultRange('2025-03-31')).toEqual({ startDate: '2025-03-31', endDate: '2025-04-01' });
  });

  it('never lets the start go before today', () => {
    expect(withStart(defaultRange(today), '2025-03-01', today)).toEqual({ startDate: today, endDate: '2025-03-31' });
  });

  it('pushes the end to start + 1 day when the start moves after the end', () => {
    expect(withStart(defaultRange(today), '2025-04-10', today)).toEqual({ startDate: '2025-04-10', endDate: '2025-04-11' });
  });

  it('keeps the end when the start moves but stays on or before it', () => {
    const range = { startDate: today, endDate: '2025-04-05' };
    expect(withStart(range, '2025-04-05', today)).toEqual({ startDate: '2025-04-05', endDate: '2025-04-05' });
    expect(withStart(range, '2025-04-02', today)).toEqual({ startDate: '2025-04-02', endDate: '2025-04-05' });
  });

  it('resets an end before the start to start + 1 day', () => {
    const range = { startDate: '2025-04-10', endDate: '2025-04-12' };
    expect(withEnd(range, '2025-04-09', today)).toEqual({ startDate: '2025-04-10', endDate: '2025-04-11' });
    expect(withEnd(range, '2025-04-10', today)).toEqual({ startDate: '2025-04-10', endDate: '2025-04-10' });
  });

  it('keeps the range within the 31 days the server accepts', () => {
    expect(maxEndFor(today, today)).toBe('2025-04-29');
    expect(withEnd({ startDate: today, endDate: '2025-03-31' }, '2025-06-01', today).endDate).toBe('2025-04-29');
    const wide = { startDate: '2025-04-05', endDate: '2025-05-05' };
    expect(withStart(wide, '2025-03-30', today)).toEqual({ startDate: today, endDate: '2025-04-29' });
  });

  it('keeps both dates within the 90-day booking horizon', () => {
    expect(lastBookableDay(today)).toBe('2025-06-28');
    expect(maxEndFor('2025-06-10', today)).toBe('2025-06-28');
    const late = { startDate: '2025-06-10', endDate: '2025-06-20' };
    expect(withEnd(late, '2025-07-05', today).endDate).toBe('2025-06-28');
    expect(withStart(late, '2025-08-01', today)).toEqual({ startDate: '2025-06-28', endDate: '2025-06-28' });
  });

  it("takes today as given (the viewer's zone's), so a browser still on the day before cannot pick it", () => {
    const zoneToday = '2025-11-23';
    expect(defaultRange(zoneToday)).toEqual({ startDate: '2025-11-23', endDate: '2025-11-24' });
    expect(withStart(defaultRange(zoneToday), '2025-11-22', zoneToday).startDate).toBe('2025-11-23');
  });
});
