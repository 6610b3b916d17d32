import { DAYS_OF_WEEK, scheduleSchema } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import {
  changeDuration,
  emptyDay,
  fillWorkingHours,
  gridStarts,
  inferDuration,
  normalizeDuration,
  planFromSchedule,
  samePlan,
  scheduleFromPlan,
  slotLabel,
  toggleStart,
} from './schedule-model';

const h = (hours: number) => hours * 60;

describe('schedule model', () => {
  it('falls back to 60 minutes for a non-positive or unknown duration', () => {
    expect([30, 60, 120].map(normalizeDuration)).toEqual([30, 60, 120]);
    for (const bad of [0, -30, 45, Number.NaN, '', null, undefined, 'abc', 90]) expect(normalizeDuration(bad)).toBe(60);
    expect(normalizeDuration('30')).toBe(30);
  });

  it('lays out slots from 00:00 with the last one ending at 24:00', () => {
    for (const d of [30, 60, 120] as const) {
      const starts = gridStarts(d);
      expect(starts[0]).toBe(0);
      expect(starts.length).toBe(1440 / d);
      expect(starts.at(-1)! + d).toBe(1440);
    }
    expect(slotLabel(h(23), 60)).toBe('23:00–24:00');
  });

  it('fills working hours: start times from 08:00 up to before 18:00', () => {
    expect(fillWorkingHours(emptyDay()).starts).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map(h));
    expect(fillWorkingHours({ duration: 120, starts: [h(20)] }).starts).toEqual([8, 10, 12, 14, 16, 20].map(h));
    expect(fillWorkingHours({ duration: 30, starts: [] }).starts).toHaveLength(20);
  });

  it('toggles a start time on and off, keeping the list ordered', () => {
    const day = toggleStart(toggleStart(emptyDay(), h(10)), h(9));
    expect(day.starts).toEqual([h(9), h(10)]);
    expect(toggleStart(day, h(9)).starts).toEqual([h(10)]);
  });

  it('drops chosen start times that are not on the new grid when the duration changes', () => {
    const day = { duration: 60 as const, starts: [h(9), h(10), h(11)] };
    expect(changeDuration(day, 120)).toEqual({ day: { duration: 120, starts: [h(10)] }, dropped: 2 });
    expect(changeDuration(day, 30)).toEqual({ day: { duration: 30, starts: day.starts }, dropped: 0 });
    expect(changeDuration(day, -1).day.duration).toBe(60);
  });

  it('infers a saved day’s duration from its slots', () => {
    expect(inferDuration([{ startTime: '09:00', endTime: '09:30' }])).toBe(30);
    expect(inferDuration([{ startTime: '08:00:00', endTime: '10:00:00' }])).toBe(120);
    expect(inferDuration([])).toBe(60);
  });

  it('round-trips a week in the contract’s shape, which the contract accepts', () => {
    const schedule = [
      {
        dayOfWeek: 'MONDAY' as const,
        timeSlots: [
          { startTime: '09:00', endTime: '10:00' },
          { startTime: '10:00', endTime: '11:00' },
        ],
      },
      {
        dayOfWeek: 'WEDNESDAY' as const,
        timeSlots: [
          { startTime: '14:00', endTime: '14:30' },
          { startTime: '23:30', endTime: '24:00' },
        ],
      },
    ];
    const plan = planFromSchedule(schedule);
    expect(plan.MONDAY).toEqual({ duration: 60, starts: [h(9), h(10)] });
    expect(plan.WEDNESDAY.duration).toBe(30);
    expect(plan.SUNDAY).toEqual(emptyDay());
    const week = scheduleFromPlan(plan);
    expect(week.map((d) => d.dayOfWeek)).toEqual([...DAYS_OF_WEEK]);
    expect(week[0].timeSlots).toEqual(schedule[0].timeSlots);
    expect(week[2].timeSlots).toEqual(schedule[1].timeSlots);
    expect(scheduleSchema.safeParse(week).success).toBe(true);
    expect(samePlan(plan, planFromSchedule(week))).toBe(true);
  });

  it('treats an empty day’s duration as no change', () => {
    const a = planFromSchedule([]);
    const b = { ...a, FRIDAY: { duration: 30 as const, starts: [] } };
    expect(samePlan(a, b)).toBe(true);
    expect(samePlan(a, { ...a, FRIDAY: { duration: 30 as const, starts: [0] } })).toBe(false);
  });
});
