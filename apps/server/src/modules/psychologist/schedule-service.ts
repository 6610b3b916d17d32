import { formatTime, parseTime, type Schedule, type ScheduleResponse } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { maySeeUnverified } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound, stale } from '../../lib/errors.js';
import { dayOfWeekOf } from '../../lib/time.js';
import { wallOf } from '../../lib/zoned.js';
import { findOneOffSlotsOn, findWeeklySlotsOn } from './exceptions-repository.js';
import { findActivePsychologist, findScheduleVersion, findSlots, replaceSlots, type SlotRow } from './repository.js';

/** Groups slots already sorted by day and start into the API's week shape (days without slots left out). */
function presentWeek(slots: SlotRow[]): ScheduleResponse {
  const week: ScheduleResponse = [];
  for (const slot of slots) {
    let day = week.at(-1);
    if (day?.dayOfWeek !== slot.dayOfWeek) {
      day = { dayOfWeek: slot.dayOfWeek, timeSlots: [] };
      week.push(day);
    }
    day.timeSlots.push({ startTime: formatTime(slot.startMinute), endTime: formatTime(slot.endMinute) });
  }
  return week;
}

/**
 * Whose week a viewer asks for: psychologists read their own, managers, patients and admins name one. Another
 * psychologist's week is not the psychologist's to see: 404 like any object outside their reach (403 is for a wrong
 * role).
 */
async function resolvePsychologist(ctx: ViewerContext, psychologistId: number | undefined): Promise<number> {
  const viewer = ctx.user;
  if (viewer.role === 'PSYCHOLOGIST') {
    if (psychologistId !== undefined && psychologistId !== viewer.id) throw notFound('Psychologist');
    return viewer.id;
  }
  if (psychologistId === undefined) throw badRequest('psychologistId', 'Choose a psychologist');
  const found = await findActivePsychologist(ctx.db, psychologistId);
  if (!found || !(found.verified || maySeeUnverified(viewer, found.id))) throw notFound('Psychologist');
  return found.id;
}

/** A week and the version it was read at (the route answers it as the ETag). */
export type VersionedWeek = { week: ScheduleResponse; version: number };

/** Reads the slots and their version in one transaction, so the version is the one of the slots shown. */
async function readWeek(ctx: ViewerContext, psychologistId: number): Promise<VersionedWeek> {
  return ctx.db.transaction(async (tx) => {
    const version = await findScheduleVersion(tx, psychologistId);
    if (version === undefined) throw notFound('Psychologist');
    return { week: presentWeek(await findSlots(tx, psychologistId)), version };
  });
}

export async function getSchedule(ctx: ViewerContext, input: { psychologistId?: number }): Promise<VersionedWeek> {
  return readWeek(ctx, await resolvePsychologist(ctx, input.psychologistId));
}

/** The week as stored rows: one per slot, in minutes. */
export const toSlotRows = (week: Schedule): SlotRow[] =>
  week.flatMap((day) =>
    day.timeSlots.map((slot) => ({
      dayOfWeek: day.dayOfWeek,
      startMinute: parseTime(slot.startTime) as number,
      endMinute: parseTime(slot.endTime) as number,
    })),
  );

/**
 * Replaces the week in one transaction; appointments already booked are left as they are. `version`: the one the
 * client read (from If-Match), undefined to overwrite whatever is stored, null for one that cannot match (409 STALE).
 */
export async function replaceSchedule(
  ctx: ViewerContext,
  week: Schedule,
  version: number | null | undefined,
): Promise<VersionedWeek> {
  const psychologistId = ctx.user.id;
  if (version === null) throw stale('The schedule');
  return ctx.db.transaction(async (tx) => {
    const saved = await replaceSlots(tx, psychologistId, toSlotRows(week), version);
    if (saved === undefined) throw stale('The schedule');
    return { week: presentWeek(await findSlots(tx, psychologistId)), version: saved };
  });
}

/**
 * Whether an instant falls in the psychologist's working hours: a slot of that date on their own clock, weekly (unless
 * a day off covers the date) or one-off.
 */
export async function worksAt(db: Db, psychologist: { id: number; zone: string }, instant: Date): Promise<boolean> {
  const { date, minute } = wallOf(instant, psychologist.zone);
  const spans = [
    ...(await findWeeklySlotsOn(db, psychologist.id, { date, dayOfWeek: dayOfWeekOf(date) })),
    ...(await findOneOffSlotsOn(db, psychologist.id, date)),
  ];
  return spans.some((span) => span.startMinute <= minute && minute < span.endMinute);
}
