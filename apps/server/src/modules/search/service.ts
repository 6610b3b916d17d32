import type { DoctorSearchResult, doctorSearchBodySchema } from '@rozmova/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PlatformClock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { freeSlots, rangeDays } from './free-slots.js';
import * as repo from './repository.js';

type SearchBody = z.output<typeof doctorSearchBodySchema>;

/** Psychologists with at least one free slot in the range, ordered by name; dates are days of the platform zone. */
export async function searchDoctors(db: Db, clock: PlatformClock, body: SearchBody): Promise<DoctorSearchResult[]> {
  const now = clock.nowMinute();
  if (body.startDate < now.date) throw badRequest('body.startDate', 'The start date cannot be before today');
  const days = rangeDays(body.startDate, body.endDate);
  const results: DoctorSearchResult[] = [];
  for (const { week, booked, ...doctor } of await repo.findDoctorWeeks(db, body)) {
    const availableSlots = freeSlots(week, booked, days, now);
    if (availableSlots.length > 0) results.push({ ...doctor, availableSlots });
  }
  return results;
}
