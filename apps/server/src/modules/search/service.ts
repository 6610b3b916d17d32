import type { DoctorInfo, DoctorSearchResult, doctorSearchBodySchema, TherapyType } from '@rozmova/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { nowMinuteIn } from '../../lib/time.js';
import { avatarUrlFor } from '../patient/avatar-url.js';
import { freeSlots, rangeDays } from './free-slots.js';
import * as repo from './repository.js';

type SearchBody = z.output<typeof doctorSearchBodySchema>;

/** Psychologists with at least one free slot in the range, ordered by name; dates are days of the platform zone. */
export async function searchDoctors(db: Db, timeZone: string, body: SearchBody): Promise<DoctorSearchResult[]> {
  const now = nowMinuteIn(timeZone);
  if (body.startDate < now.date) throw badRequest('body.startDate', 'The start date cannot be before today');
  const days = rangeDays(body.startDate, body.endDate);
  const results: DoctorSearchResult[] = [];
  for (const { week, booked, ...doctor } of await repo.findDoctorWeeks(db, body)) {
    const availableSlots = freeSlots(week, booked, days, now);
    if (availableSlots.length > 0) results.push({ ...doctor, availableSlots });
  }
  return results;
}

export async function doctorInfo(db: Db, id: number): Promise<DoctorInfo> {
  const row = await repo.findDoctorInfo(db, id);
  if (!row) throw notFound('Doctor');
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    experience: row.experience ?? null,
    education: row.education ?? '',
    description: row.description ?? '',
    therapyTypes: (row.therapyTypes ?? []) as TherapyType[],
    avatarPath: avatarUrlFor(row.id, row.avatarOwner !== null),
  };
}
