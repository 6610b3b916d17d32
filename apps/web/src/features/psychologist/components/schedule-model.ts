import {
  DAYS_OF_WEEK,
  type DayOfWeek,
  DEFAULT_SLOT_DURATION,
  formatTime,
  MINUTES_PER_DAY,
  parseTime,
  type Schedule,
  SLOT_DURATIONS,
  type TimeSlot,
  WORKING_HOURS,
} from '@rozmova/contract';

export type SlotDuration = (typeof SLOT_DURATIONS)[number];
/** One day in the editor: its slot length and the chosen start times (minutes from 00:00, ascending). */
export type DayPlan = { duration: SlotDuration; starts: number[] };
export type WeekPlan = Record<DayOfWeek, DayPlan>;

const WORK_START = parseTime(WORKING_HOURS.start) as number;
const WORK_END = parseTime(WORKING_HOURS.end) as number;

/** 30, 60 or 120; anything else (non-positive, unknown, not a number) falls back to 60. */
export function normalizeDuration(value: unknown): SlotDuration {
  const n = Number(value);
  return (SLOT_DURATIONS as readonly number[]).includes(n) ? (n as SlotDuration) : DEFAULT_SLOT_DURATION;
}

/** Every start time of the day's grid: from 00:00, each slot ending by 24:00. */
export function gridStarts(duration: SlotDuration): number[] {
  const starts: number[] = [];
  for (let start = 0; start + duration <= MINUTES_PER_DAY; start += duration) starts.push(start);
  return starts;
}

/** The working-hours highlight covers start times from 08:00 up to before 18:00. */
export const isWorkingStart = (start: number) => start >= WORK_START && start < WORK_END;

export const slotLabel = (start: number, duration: SlotDuration) => `${formatTime(start)}–${formatTime(start + duration)}`;

const sorted = (starts: Iterable<number>) => [...new Set(starts)].sort((a, b) => a - b);

export const emptyDay = (): DayPlan => ({ duration: DEFAULT_SLOT_DURATION, starts: [] });

export function toggleStart(day: DayPlan, start: number): DayPlan {
  const has = day.starts.includes(start);
  return { ...day, starts: has ? day.starts.filter((s) => s !== start) : sorted([...day.starts, start]) };
}

export function fillWorkingHours(day: DayPlan): DayPlan {
  return { ...day, starts: sorted([...day.starts, ...gridStarts(day.duration).filter(isWorkingStart)]) };
}

/** A new slot length keeps only the chosen start times that are still on the new grid. */
export function changeDuration(day: DayPlan, value: unknown): { day: DayPlan; dropped: number } {
  const duration = normalizeDuration(value);
  const grid = new Set(gridStarts(duration));
  const starts = day.starts.filter((s) => grid.has(s));
  return { day: { duration, starts }, dropped: day.starts.length - starts.length };
}

const slotBounds = (slot: TimeSlot) => [parseTime(slot.startTime), parseTime(slot.endTime)] as const;

/** A saved day's slot length: the most common length among its slots, 60 when none is valid. */
export function inferDuration(slots: readonly TimeSlot[]): SlotDuration {
  const counts = new Map<SlotDuration, number>();
  for (const slot of slots) {
    const [start, end] = slotBounds(slot);
    if (start === null || end === null) continue;
    const length = end - start;
    if ((SLOT_DURATIONS as readonly number[]).includes(length)) {
      counts.set(length as SlotDuration, (counts.get(length as SlotDuration) ?? 0) + 1);
    }
  }
  let best: SlotDuration = DEFAULT_SLOT_DURATION;
  let bestCount = 0;
  for (const [length, count] of counts) {
    if (count > bestCount) [best, bestCount] = [length, count];
  }
  return best;
}

export function planFromSchedule(schedule: Schedule): WeekPlan {
  const plan = Object.fromEntries(DAYS_OF_WEEK.map((d) => [d, emptyDay()])) as WeekPlan;
  for (const { dayOfWeek, timeSlots } of schedule) {
    const duration = inferDuration(timeSlots);
    const grid = new Set(gridStarts(duration));
    const starts = timeSlots
      .map(slotBounds)
      .filter(([start, end]) => start !== null && end === start + duration && grid.has(start))
      .map(([start]) => start as number);
    plan[dayOfWeek] = { duration, starts: sorted(starts) };
  }
  return plan;
}

/** The whole week in the contract's shape, every day listed so a save replaces the week. */
export function scheduleFromPlan(plan: WeekPlan): Schedule {
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const { duration, starts } = plan[dayOfWeek];
    return {
      dayOfWeek,
      timeSlots: starts.map((start) => ({ startTime: formatTime(start), endTime: formatTime(start + duration) })),
    };
  });
}

/** Whether two plans would save the same week (an empty day's slot length is not saved). */
export const samePlan = (a: WeekPlan, b: WeekPlan) => JSON.stringify(scheduleFromPlan(a)) === JSON.stringify(scheduleFromPlan(b));
