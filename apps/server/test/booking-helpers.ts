import { randomUUID } from 'node:crypto';
import { type DayOfWeek, parseTime } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { appointments, scheduleSlots } from '../src/db/schema/index.js';
import { addDays, dayOfWeekOf } from '../src/lib/time.js';
import { call } from './helpers.js';

const minutes = (hhmm: string) => parseTime(hhmm) as number;

/** Today in the app's platform zone, and the date `days` from it. */
export const today = (app: FastifyInstance) => app.clock.today();
export const dateFromToday = (app: FastifyInstance, days: number) => addDays(today(app), days);

/** The first date on or after `from` that falls on the weekday. */
export function nextWeekday(from: string, day: DayOfWeek): string {
  let date = from;
  while (dayOfWeekOf(date) !== day) date = addDays(date, 1);
  return date;
}

/** Adds weekly slots straight into the schedule table, e.g. addSlots(app, id, 'MONDAY', ['10:00', '11:00']). */
export async function addSlots(app: FastifyInstance, psychologistId: number, day: DayOfWeek, ...slots: [string, string][]) {
  await app.db
    .insert(scheduleSlots)
    .values(
      slots.map(([start, end]) => ({ psychologistId, dayOfWeek: day, startMinute: minutes(start), endMinute: minutes(end) })),
    );
}

/** The whole day in 30-minute slots, 00:00 to 24:00. */
export const halfHourDay = (): [string, string][] =>
  Array.from({ length: 48 }, (_, i) => {
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return [hhmm(i * 30), hhmm(i * 30 + 30)];
  });

/** Inserts an appointment row directly (also in the past, which the API refuses to book). */
export async function insertAppointment(
  app: FastifyInstance,
  a: {
    psychologistId: number;
    patientId: number;
    date: string;
    start: string;
    end: string;
    status?: 'CONFIRMED' | 'CANCELED';
    reason?: string;
  },
) {
  const [row] = await app.db
    .insert(appointments)
    .values({
      psychologistId: a.psychologistId,
      patientId: a.patientId,
      date: a.date,
      startMinute: minutes(a.start),
      endMinute: minutes(a.end),
      status: a.status ?? 'CONFIRMED',
      cancellationReason: a.reason ?? null,
      canceledAt: a.status === 'CANCELED' ? new Date() : null,
      videoCallRoomId: randomUUID(),
    })
    .returning();
  return row;
}

export type SlotBody = { psychologistId: number; date: string; startTime: string; endTime: string };
export const book = (app: FastifyInstance, token: string, payload: SlotBody) =>
  call(app, { method: 'POST', url: '/api/patient/appointments', token, payload });

/** Runs a doctor search and keeps only the given psychologists, since the test database holds others too. */
export async function search(
  app: FastifyInstance,
  token: string,
  body: { startDate: string; endDate: string; therapyTypes?: string[] },
  ids: number[],
) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/patient/doctors/search',
    token,
    payload: { therapyTypes: ['KPT'], ...body },
  });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(res.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: search results are plain JSON
  return (res.body as any[]).filter((d) => ids.includes(d.id));
}
