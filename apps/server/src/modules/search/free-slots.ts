import type { AvailableSlot } from '@rozmova/contract';
import { instantOf, wallOf, whenIn } from '../../lib/zoned.js';

/** [weekday 1 (Monday)…7, start minute, end minute] of a weekly slot, on the psychologist's wall clock. */
export type WeeklySlot = [weekday: number, startMinute: number, endMinute: number];
/** [first day, last day] of blocked dates, as days since 1970-01-01 on the psychologist's wall clock. */
export type BlockedDays = [firstDay: number, lastDay: number];
/** [day since 1970-01-01, start minute, end minute] of a one-off slot on the psychologist's wall clock. */
export type ExtraSlot = [day: number, startMinute: number, endMinute: number];
/** [start, end] of a confirmed appointment, in minutes since 1970-01-01T00:00Z. */
export type BookedSlot = [startMinute: number, endMinute: number];

/** What a psychologist offers: the weekly pattern and its exceptions in their zone, and what is booked already. */
export type Availability = {
  /** The psychologist's IANA zone: their weekly schedule is its wall clock. */
  zone: string;
  week: WeeklySlot[];
  blocks: BlockedDays[];
  extras: ExtraSlot[];
  booked: BookedSlot[];
};

/** An interval of real time. */
export type Span = { startsAt: Date; endsAt: Date };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 (Monday) … 7; day 0, 1970-01-01, was a Thursday. */
const weekdayOf = (day: number): number => ((day + 3) % 7) + 1;

/**
 * The instant (ms) of a wall-clock minute since 1970-01-01 in a zone, NaN when the clocks skip it. A zone's rules do not
 * change while the server runs, so the answers are kept, per zone, in maps emptied when full: a search lays the same
 * few weekly times over the same dates for every psychologist of a zone.
 */
const zoneMemory = new Map<string, Map<number, number>>();
const MEMORY_PER_ZONE = 50_000;
const MEMORY_ZONES = 200;
function instantMs(zone: string, wallMinute: number): number {
  let memo = zoneMemory.get(zone);
  if (!memo) {
    if (zoneMemory.size >= MEMORY_ZONES) zoneMemory.clear();
    memo = new Map();
    zoneMemory.set(zone, memo);
  }
  let at = memo.get(wallMinute);
  if (at === undefined) {
    const day = Math.floor(wallMinute / 1440);
    at = instantOf({ date: dateOf(day), minute: wallMinute - day * 1440 }, zone)?.getTime() ?? Number.NaN;
    if (memo.size >= MEMORY_PER_ZONE) memo.clear();
    memo.set(wallMinute, at);
  }
  return at;
}

/** Offered or free slots as instants in ms: the i-th starts at starts[i] and ends at ends[i], soonest first. */
export type Times = { starts: number[]; ends: number[] };

/**
 * The slots a psychologist offers that start in [from, to), whether booked or not, soonest first. Each slot keeps its
 * wall-clock start in the psychologist's zone across daylight-saving changes and lasts its length in real minutes; a
 * start the clocks skip is not offered, a start they repeat is offered once, and a slot that a change makes overlap
 * the one before it in real time is left out, so every offered slot can be booked.
 */
export function offeredTimes(a: Availability, from: number, to: number): Times {
  // A day before and after the range, so the overlap rule sees the same neighbours whatever range is asked for.
  const first = dayNumber(wallOf(new Date(from), a.zone).date) - 2;
  const last = dayNumber(wallOf(new Date(to), a.zone).date) + 1;
  const byWeekday: number[][] = [[], [], [], [], [], [], [], []];
  for (const [weekday, start, end] of a.week) byWeekday[weekday]?.push(start, end);
  // Candidates as [start ms, end ms, wall start, wall end], the walls in minutes since 1970-01-01 on their clock.
  const c: number[] = [];
  const add = (day: number, start: number, end: number) => {
    const at = instantMs(a.zone, day * 1440 + start);
    if (!Number.isNaN(at)) c.push(at, at + (end - start) * MINUTE_MS, day * 1440 + start, day * 1440 + end);
  };
  for (let day = first; day <= last; day++) {
    if (!a.blocks.some(([f, l]) => f <= day && day <= l)) {
      const weekly = byWeekday[weekdayOf(day)];
      for (let i = 0; i < weekly.length; i += 2) add(day, weekly[i], weekly[i + 1]);
    }
    for (const [d, start, end] of a.extras) if (d === day) add(day, start, end);
  }
  // Soonest first; the sort is stable, so equal starts keep the order they were laid in.
  const order = Array.from({ length: c.length / 4 }, (_, i) => i * 4).sort((x, y) => c[x] - c[y]);
  const times: Times = { starts: [], ends: [] };
  let previous = -1;
  for (const i of order) {
    // Only a clock change makes slots that follow each other on the wall clock overlap in real time.
    if (previous >= 0 && c[i] < c[previous + 1] && c[previous + 3] <= c[i + 2]) continue;
    previous = i;
    if (c[i] >= from && c[i] < to) {
      times.starts.push(c[i]);
      times.ends.push(c[i + 1]);
    }
  }
  return times;
}

/** The offered slots in [from, to) that start after now and that no confirmed appointment overlaps. */
export function freeTimes(a: Availability, from: number, to: number, now: number): Times {
  // Confirmed sessions of one psychologist never overlap, so sorted by start their ends are in order too, and one
  // pass over them and the (sorted) slots finds every overlap.
  const booked = a.booked.length < 2 ? a.booked : [...a.booked].sort((x, y) => x[0] - y[0]);
  const offered = offeredTimes(a, from, to);
  const free: Times = { starts: [], ends: [] };
  let next = 0;
  for (let i = 0; i < offered.starts.length; i++) {
    const start = offered.starts[i];
    while (next < booked.length && booked[next][1] * MINUTE_MS <= start) next++;
    if (start > now && !(next < booked.length && booked[next][0] * MINUTE_MS < offered.ends[i])) {
      free.starts.push(start);
      free.ends.push(offered.ends[i]);
    }
  }
  return free;
}

/** The i-th of some times as an interval of real time. */
export const spanAt = (times: Times, i: number): Span => ({
  startsAt: new Date(times.starts[i]),
  endsAt: new Date(times.ends[i]),
});

/** offeredTimes as intervals of real time. */
export function offeredSlots(a: Availability, from: Date, to: Date): Span[] {
  const times = offeredTimes(a, from.getTime(), to.getTime());
  return times.starts.map((_, i) => spanAt(times, i));
}

/** A slot as the API answers it, in the caller's zone. */
export const toAvailableSlot = (slot: Span, zone: string): AvailableSlot => whenIn(slot.startsAt, slot.endsAt, zone);
