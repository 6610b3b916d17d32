import {
  BOOKING_HORIZON_DAYS,
  type DoctorSearchPage,
  type DoctorSearchResult,
  type doctorSearchBodySchema,
  type doctorSearchQuerySchema,
  SEARCH_NEAREST_SLOTS,
  SEARCH_PAGE_SIZE,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { badRequest } from '../../lib/errors.js';
import { addDays } from '../../lib/time.js';
import { startOfDay, wallOf } from '../../lib/zoned.js';
import { timeZoneOf } from '../users/service.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { type Availability, freeTimes, offeredSlots, spanAt, type Times, toAvailableSlot } from './free-slots.js';
import * as repo from './repository.js';

type SearchBody = z.output<typeof doctorSearchBodySchema>;
type SearchQuery = z.output<typeof doctorSearchQuerySchema>;

/** The last date that may be booked or searched: the booking horizon counted from today. */
export const lastBookableDate = (today: string): string => addDays(today, BOOKING_HORIZON_DAYS);

/** The instants a range of the caller's dates covers, and the bounds of every psychologist's dates within it. */
export function dayRange(ctx: Pick<ViewerContext, 'config'>, startDate: string, endDate: string, zone: string) {
  return {
    from: startOfDay(startDate, zone),
    to: startOfDay(addDays(endDate, 1), zone),
    firstDay: addDays(startDate, -2),
    lastDay: addDays(endDate, 2),
    platformZone: ctx.config.timeZone,
  };
}

/**
 * Psychologists with at least one free slot in the range, ordered by name; dates are days of the caller's zone, and
 * slots are answered in it. Without paging (no limit or cursor) every such doctor comes with all their free slots, as
 * the call always answered; with it, one page of doctors, each with their nearest free slots, and the next cursor.
 */
export async function searchPsychologists(
  ctx: ViewerContext,
  body: SearchBody,
  query: SearchQuery = {},
): Promise<DoctorSearchResult[] | DoctorSearchPage> {
  const zone = timeZoneOf(ctx, ctx.user);
  const now = ctx.clock.instant();
  const today = wallOf(now, zone).date;
  if (body.startDate < today) throw badRequest('body.startDate', 'The start date cannot be before today');
  if (body.endDate > lastBookableDate(today)) {
    throw badRequest('body.endDate', `The end date is at most ${BOOKING_HORIZON_DAYS} days after today`);
  }
  const range = dayRange(ctx, body.startDate, body.endDate, zone);
  const filter = {
    ...range,
    therapyTypes: body.therapyTypes,
    languages: body.languages,
    psychologistId: query.psychologistId,
  };
  const slotsOf = (a: Availability) => freeTimes(a, range.from.getTime(), range.to.getTime(), now.getTime());
  /** The first `count` of some free times as the API answers them, in the caller's zone. */
  const answer = (times: Times, count = times.starts.length) =>
    times.starts.slice(0, count).map((_, i) => toAvailableSlot(spanAt(times, i), zone));
  const psychologistOf = ({ id, firstName, lastName, description, languages, zone: timeZone }: repo.PsychologistWeek) => ({
    id,
    firstName,
    lastName,
    description,
    languages,
    timeZone,
  });
  if (query.limit === undefined && query.cursor === undefined) {
    const results: DoctorSearchResult[] = [];
    for (const row of await repo.findPsychologistWeeks(ctx.db, filter)) {
      const slots = slotsOf(row);
      if (slots.starts.length > 0) results.push({ ...psychologistOf(row), availableSlots: answer(slots) });
    }
    return results;
  }
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const after = query.cursor === undefined ? undefined : decodeCursor(ctx.config.jwtSecret, query.cursor);
  const rows = await repo.findPsychologistWeeks(ctx.db, filter, { after, limit, now });
  const doctors = rows.slice(0, limit).map((row) => {
    const slots = slotsOf(row);
    return { ...psychologistOf(row), availableSlots: answer(slots, SEARCH_NEAREST_SLOTS), freeSlotCount: slots.starts.length };
  });
  const last = doctors.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(ctx.config.jwtSecret, last) : null;
  return { doctors, nextCursor };
}

/** The slot a bookable psychologist offers that starts at this instant, booked or not; undefined when there is none. */
export async function offeredSlotAt(ctx: Pick<ViewerContext, 'db' | 'config'>, psychologistId: number, startsAt: Date) {
  const day = startsAt.toISOString().slice(0, 10);
  const from = new Date(startsAt.getTime() - 86_400_000);
  const to = new Date(startsAt.getTime() + 86_400_000);
  const [row] = await repo.findPsychologistWeeks(ctx.db, {
    from,
    to,
    firstDay: addDays(day, -2),
    lastDay: addDays(day, 2),
    platformZone: ctx.config.timeZone,
    psychologistId,
  });
  return row ? offeredSlots(row, from, to).find((s) => s.startsAt.getTime() === startsAt.getTime()) : undefined;
}
