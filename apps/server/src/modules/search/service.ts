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
import type { AppContext } from '../../access/context.js';
import { badRequest } from '../../lib/errors.js';
import { lastBookableDate } from '../appointments/service.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { freeSlots, rangeDays } from './free-slots.js';
import * as repo from './repository.js';

type SearchBody = z.output<typeof doctorSearchBodySchema>;
type SearchQuery = z.output<typeof doctorSearchQuerySchema>;
type SearchContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * Psychologists with at least one free slot in the range, ordered by name; dates are days of the platform zone.
 * Without paging (no limit or cursor) every such doctor comes with all their free slots, as the call always answered;
 * with it, one page of doctors, each with their nearest free slots, and the cursor of the next page.
 */
export async function searchDoctors(
  ctx: SearchContext,
  body: SearchBody,
  query: SearchQuery = {},
): Promise<DoctorSearchResult[] | DoctorSearchPage> {
  const now = ctx.clock.nowMinute();
  if (body.startDate < now.date) throw badRequest('body.startDate', 'The start date cannot be before today');
  if (body.endDate > lastBookableDate(now.date)) {
    throw badRequest('body.endDate', `The end date is at most ${BOOKING_HORIZON_DAYS} days after today`);
  }
  const filter = { ...body, psychologistId: query.psychologistId };
  const days = rangeDays(body.startDate, body.endDate);
  if (query.limit === undefined && query.cursor === undefined) {
    const results: DoctorSearchResult[] = [];
    for (const { week, booked, ...doctor } of await repo.findDoctorWeeks(ctx.db, filter)) {
      const availableSlots = freeSlots(week, booked, days, now);
      if (availableSlots.length > 0) results.push({ ...doctor, availableSlots });
    }
    return results;
  }
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const after = query.cursor === undefined ? undefined : decodeCursor(ctx.config.jwtSecret, query.cursor);
  const rows = await repo.findDoctorWeeks(ctx.db, filter, { after, limit, now });
  const doctors = rows.slice(0, limit).map(({ week, booked, ...doctor }) => {
    const slots = freeSlots(week, booked, days, now);
    return { ...doctor, availableSlots: slots.slice(0, SEARCH_NEAREST_SLOTS), freeSlotCount: slots.length };
  });
  const last = doctors.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(ctx.config.jwtSecret, last) : null;
  return { doctors, nextCursor };
}
