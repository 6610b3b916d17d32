import { BOOKING_HORIZON_DAYS, type DoctorSearchResult, type doctorSearchBodySchema } from '@rozmova/contract';
import type { z } from 'zod';
import type { AppContext } from '../../access/context.js';
import { badRequest } from '../../lib/errors.js';
import { lastBookableDate } from '../appointments/service.js';
import { freeSlots, rangeDays } from './free-slots.js';
import * as repo from './repository.js';

type SearchBody = z.output<typeof doctorSearchBodySchema>;

/** Psychologists with at least one free slot in the range, ordered by name; dates are days of the platform zone. */
export async function searchDoctors(ctx: Pick<AppContext, 'db' | 'clock'>, body: SearchBody): Promise<DoctorSearchResult[]> {
  const now = ctx.clock.nowMinute();
  if (body.startDate < now.date) throw badRequest('body.startDate', 'The start date cannot be before today');
  if (body.endDate > lastBookableDate(now.date)) {
    throw badRequest('body.endDate', `The end date is at most ${BOOKING_HORIZON_DAYS} days after today`);
  }
  const days = rangeDays(body.startDate, body.endDate);
  const results: DoctorSearchResult[] = [];
  for (const { week, booked, ...doctor } of await repo.findDoctorWeeks(ctx.db, body)) {
    const availableSlots = freeSlots(week, booked, days, now);
    if (availableSlots.length > 0) results.push({ ...doctor, availableSlots });
  }
  return results;
}
