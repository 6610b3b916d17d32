import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { type CreateGroupValues, checkCreate, initialCreateValues } from './create-group-values';
import { planSessions } from './session-plan';

const NOW = new Date('2026-03-01T12:00:00Z');
const values = (patch: Partial<CreateGroupValues>): CreateGroupValues => ({
  ...initialCreateValues('KPT'),
  title: 'Anxiety skills',
  ...patch,
});
const check = (patch: Partial<CreateGroupValues>, zone: string) => checkCreate(values(patch), zone, i18n.t, NOW);

describe('the create form’s first start', () => {
  it('is the instant the psychologist’s wall time names in their own zone', () => {
    const kyiv = check({ date: '2026-03-22', time: '18:00' }, 'Europe/Kyiv');
    const newYork = check({ date: '2026-03-22', time: '18:00' }, 'America/New_York');
    expect(kyiv.ok && kyiv.body.firstStartsAt).toBe('2026-03-22T16:00:00.000Z');
    expect(newYork.ok && newYork.body.firstStartsAt).toBe('2026-03-22T22:00:00.000Z');
  });

  it('sends the repeat, length and count as the contract has them', () => {
    const weekly = check({ date: '2026-03-22', time: '18:00', repeat: 'WEEKLY', repeatDays: 3 }, 'Europe/Kyiv');
    const everyThree = check({ date: '2026-03-22', time: '18:00', repeat: 'DAYS', repeatDays: 3 }, 'Europe/Kyiv');
    expect(weekly.ok && weekly.body).toMatchObject({ repeatDays: 7, durationMinutes: 90, sessionCount: 8, capacity: 3 });
    expect(everyThree.ok && everyThree.body.repeatDays).toBe(3);
  });

  it('refuses a time the clock skips on a daylight-saving date, on the time field', () => {
    const skipped = check({ date: '2026-03-29', time: '03:30' }, 'Europe/Kyiv');
    expect(skipped).toEqual({ ok: false, errors: { time: expect.stringContaining('skips this time') } });
  });

  it('refuses a start in the past and a missing date', () => {
    expect(check({ date: '2026-02-28', time: '10:00' }, 'UTC')).toMatchObject({
      ok: false,
      errors: { date: expect.any(String) },
    });
    expect(check({ date: null }, 'UTC')).toMatchObject({ ok: false, errors: { date: expect.any(String) } });
  });

  it('words the contract’s limits on their fields', () => {
    const out = check({ date: '2026-03-22', title: ' ', capacity: 16, sessionCount: 53 }, 'UTC');
    expect(out.ok).toBe(false);
    expect(!out.ok && Object.keys(out.errors).sort()).toEqual(['capacity', 'sessionCount', 'title']);
  });
});

describe('the sessions planned', () => {
  it('keep the wall time across a daylight-saving change, so their instants move by an hour', () => {
    const plan = planSessions({ date: '2026-03-22', time: '18:00', timeZone: 'Europe/Kyiv', count: 3, everyDays: 7 });
    expect(plan.map((s) => [s.date, s.startsAt?.toISOString()])).toEqual([
      ['2026-03-22', '2026-03-22T16:00:00.000Z'],
      ['2026-03-29', '2026-03-29T15:00:00.000Z'],
      ['2026-04-05', '2026-04-05T15:00:00.000Z'],
    ]);
  });

  it('mark a date whose start the clock skips', () => {
    const plan = planSessions({ date: '2026-03-01', time: '02:30', timeZone: 'America/New_York', count: 2, everyDays: 7 });
    expect(plan.map((s) => s.startsAt?.toISOString() ?? null)).toEqual(['2026-03-01T07:30:00.000Z', null]);
  });
});
