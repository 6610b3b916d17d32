import { formatTime, parseTime, type Schedule, type ScheduleResponse } from '@rozmova/contract';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { UserRow } from '../users/repository.js';
import { findActivePsychologistId, findSlots, replaceSlots, type SlotRow } from './repository.js';

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

/** Whose week a viewer asks for: psychologists read their own, managers and patients name one. */
async function resolvePsychologist(db: Db, viewer: UserRow, psychologistId: number | undefined): Promise<number> {
  if (viewer.role === 'PSYCHOLOGIST') {
    if (psychologistId !== undefined && psychologistId !== viewer.id)
      throw forbidden('Psychologists see only their own schedule');
    return viewer.id;
  }
  if (psychologistId === undefined) throw badRequest('psychologistId', 'Choose a psychologist');
  const id = await findActivePsychologistId(db, psychologistId);
  if (id === undefined) throw notFound('Psychologist');
  return id;
}

export async function getSchedule(db: Db, viewer: UserRow, psychologistId?: number): Promise<ScheduleResponse> {
  return presentWeek(await findSlots(db, await resolvePsychologist(db, viewer, psychologistId)));
}

/** Replaces the week in one transaction; appointments already booked are left as they are. */
export async function replaceSchedule(db: Db, psychologistId: number, week: Schedule): Promise<ScheduleResponse> {
  const slots: SlotRow[] = week.flatMap((day) =>
    day.timeSlots.map((slot) => ({
      dayOfWeek: day.dayOfWeek,
      startMinute: parseTime(slot.startTime) as number,
      endMinute: parseTime(slot.endTime) as number,
    })),
  );
  await db.transaction((tx) => replaceSlots(tx, psychologistId, slots));
  return presentWeek(await findSlots(db, psychologistId));
}
