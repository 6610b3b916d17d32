import { formatTime, MINUTES_PER_DAY } from '@rozmova/contract';
import { LRUCache } from 'lru-cache';
import { Temporal } from 'temporal-polyfill';
import { addDays } from './time.js';

/** A moment on someone's wall clock: a date and the minutes from its 00:00. */
export type Wall = { date: string; minute: number };

const MINUTE_MS = 60_000;

/**
 * The instant a wall-clock moment happens in a zone; null when that moment does not exist there (skipped by a
 * spring-forward change). A moment that happens twice (a fall-back change) is its later instant, as PostgreSQL's
 * `timestamp AT TIME ZONE` reads it, so the search's query and this code agree. 24:00 is the next day's 00:00.
 */
export function instantOf(wall: Wall, zone: string): Date | null {
  const key = `${zone} ${wall.date} ${wall.minute}`;
  let at = instants.get(key);
  if (at === undefined) {
    at = computeInstantOf(wall, zone)?.getTime() ?? NONE;
    instants.set(key, at);
  }
  return Number.isNaN(at) ? null : new Date(at);
}

// Searches lay the same few weekly times over the same dates for many psychologists, mostly in one zone: the zone
// arithmetic is remembered, in two bounded caches, rather than redone for every psychologist.
const MEMORY = 20_000;
// lru-cache keeps no null: a moment that does not exist is remembered as NaN.
const NONE = Number.NaN;
const instants = new LRUCache<string, number>({ max: MEMORY });
const walls = new LRUCache<string, Wall>({ max: MEMORY });

function computeInstantOf(wall: Wall, zone: string): Date | null {
  const date = addDays(wall.date, Math.floor(wall.minute / MINUTES_PER_DAY));
  const minute = wall.minute % MINUTES_PER_DAY;
  const plain = Temporal.PlainDateTime.from(`${date}T${formatTime(minute)}`);
  try {
    return new Date(plain.toZonedDateTime(zone, { disambiguation: 'reject' }).epochMilliseconds);
  } catch {
    // Ambiguous or skipped: a skipped moment has no later instant that reads back as itself.
    const later = plain.toZonedDateTime(zone, { disambiguation: 'later' });
    return later.toPlainDateTime().equals(plain) ? new Date(later.epochMilliseconds) : null;
  }
}

/** The wall-clock moment an instant shows in a zone. */
export function wallOf(instant: Date, zone: string): Wall {
  const key = `${zone} ${instant.getTime()}`;
  let wall = walls.get(key);
  if (!wall) {
    const z = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
    wall = { date: z.toPlainDate().toString(), minute: z.hour * 60 + z.minute };
    walls.set(key, wall);
  }
  return { ...wall };
}

/** The instant a day begins in a zone (its first existing moment: a day may begin at 01:00). */
export function startOfDay(date: string, zone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds);
}

export const addMinutes = (instant: Date, minutes: number): Date => new Date(instant.getTime() + minutes * MINUTE_MS);

/**
 * An interval of real time as the API answers it, on the wall clock of `zone` and as instants. An end at the next
 * day's midnight reads "24:00", as the weekly schedule writes it; a later end on the next day reads as its time.
 */
export function whenIn(startsAt: Date, endsAt: Date, zone: string) {
  const start = wallOf(startsAt, zone);
  const end = wallOf(endsAt, zone);
  const endMinute = end.minute === 0 && end.date > start.date ? MINUTES_PER_DAY : end.minute;
  return {
    date: start.date,
    startTime: formatTime(start.minute),
    endTime: formatTime(endMinute),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    timeZone: zone,
  };
}
