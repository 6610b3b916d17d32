import { formatTime, parseTime, type Schedule, type ScheduleResponse } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { maySeeUnverified } from '../../access/relations.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findActivePsychologist, findSlots, replaceSlots, type SlotRow } from './repository.js';

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

export async function getSchedule(ctx: ViewerContext, input: { psychologistId?: number }): Promise<ScheduleResponse> {
  return presentWeek(await findSlots(ctx.db, await resolvePsychologist(ctx, input.psychologistId)));
}

/** Replaces the week in one transaction; appointments already booked are left as they are. */
/** The week as stored rows: one per slot, in minutes. */
export const toSlotRows = (week: Schedule): SlotRow[] =>
  week.flatMap((day) =>
    day.timeSlots.map((slot) => ({
      dayOfWeek: day.dayOfWeek,
      startMinute: parseTime(slot.startTime) as number,
      endMinute: parseTime(slot.endTime) as number,
    })),
  );

export async function replaceSchedule(ctx: ViewerContext, week: Schedule): Promise<ScheduleResponse> {
  const psychologistId = ctx.user.id;
  await ctx.db.transaction((tx) => replaceSlots(tx, psychologistId, toSlotRows(week)));
  return presentWeek(await findSlots(ctx.db, psychologistId));
}
