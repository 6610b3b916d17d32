import type { AvailableSlot } from '@rozmova/contract';
import { addMinutes, instantOf, wallOf, whenIn } from '../../lib/zoned.js';

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
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 (Monday) … 7; day 0, 1970-01-01, was a Thursday. */
const weekdayOf = (day: number): number => ((day + 3) % 7) + 1;

/**
 * The slots a psychologist offers that start in [from, to), whether booked or not, soonest first. Each slot keeps its
 * wall-clock start in the psychologist's zone across daylight-saving changes and lasts its length in real minutes; a
 * start the clocks skip is not offered, a start they repeat is offered once, and a slot that a change makes overlap
 * the one before it in real time is left out, so every offered slot can be booked.
 */
export function offeredSlots(a: Availability, from: Date, to: Date): Span[] {
  // A day before and after the range, so the overlap rule sees the same neighbours whatever range is asked for.
  const first = dayNumber(wallOf(from, a.zone).date) - 2;
  const last = dayNumber(wallOf(to, a.zone).date) + 1;
  // Each with its wall-clock start and end as minutes since 1970-01-01 on the psychologist's clock.
  const candidates: (Span & { wallStart: number; wallEnd: number })[] = [];
  const byWeekday = new Map<number, [number, number][]>();
  for (const [weekday, start, end] of a.week) {
    const list = byWeekday.get(weekday) ?? [];
    list.push([start, end]);
    byWeekday.set(weekday, list);
  }
  for (let day = first; day <= last; day++) {
    const date = dateOf(day);
    const blocked = a.blocks.some(([f, l]) => f <= day && day <= l);
    const weekly = blocked ? [] : (byWeekday.get(weekdayOf(day)) ?? []);
    const extra = a.extras.length === 0 ? [] : a.extras.filter((s) => s[0] === day).map((s): [number, number] => [s[1], s[2]]);
    for (const [start, end] of extra.length === 0 ? weekly : [...weekly, ...extra]) {
      const startsAt = instantOf({ date, minute: start }, a.zone);
      if (startsAt) {
        const wallStart = day * 1440 + start;
        candidates.push({ startsAt, endsAt: addMinutes(startsAt, end - start), wallStart, wallEnd: day * 1440 + end });
      }
    }
  }
  candidates.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());
  const kept: typeof candidates = [];
  for (const c of candidates) {
    const previous = kept.at(-1);
    // Only a clock change makes slots that follow each other on the wall clock overlap in real time.
    if (previous && c.startsAt < previous.endsAt && previous.wallEnd <= c.wallStart) continue;
    kept.push(c);
  }
  return kept.filter((s) => s.startsAt >= from && s.startsAt < to).map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
}

/** The offered slots in [from, to) that start after now and that no confirmed appointment overlaps. */
export function freeSlots(a: Availability, from: Date, to: Date, now: Date): Span[] {
  // Confirmed sessions of one psychologist never overlap, so sorted by start their ends are in order too, and one
  // pass over them and the (sorted) slots finds every overlap.
  const booked = a.booked.map(([s, e]) => [s * 60_000, e * 60_000]).sort((x, y) => x[0] - y[0]);
  let next = 0;
  return offeredSlots(a, from, to).filter((slot) => {
    const start = slot.startsAt.getTime();
    while (next < booked.length && booked[next][1] <= start) next++;
    return slot.startsAt > now && !(next < booked.length && booked[next][0] < slot.endsAt.getTime());
  });
}

/** A slot as the API answers it, in the caller's zone. */
export const toAvailableSlot = (slot: Span, zone: string): AvailableSlot => whenIn(slot.startsAt, slot.endsAt, zone);
