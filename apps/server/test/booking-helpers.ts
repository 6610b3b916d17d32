import { randomUUID } from 'node:crypto';
import { type DayOfWeek, parseTime } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { appointments, scheduleSlots } from '../src/db/schema/index.js';
import { addDays, dayOfWeekOf } from '../src/lib/time.js';
import { addMinutes, instantOf } from '../src/lib/zoned.js';
import { call } from './helpers.js';

const minutes = (hhmm: string) => parseTime(hhmm) as number;

/** The instant a date and HH:mm of the platform zone (the tests' Europe/Kyiv) happen. */
export const platformInstant = (date: string, hhmm: string): Date =>
  instantOf({ date, minute: minutes(hhmm) }, 'Europe/Kyiv') as Date;

/** A slot or session as the API answers it to a caller in the platform zone. */
export const platformWhen = (date: string, startTime: string, endTime: string) => {
  const { startsAt, endsAt } = platformSpan(date, startTime, endTime);
  return { date, startTime, endTime, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), timeZone: 'Europe/Kyiv' };
};

/** The start and end instants of a session from `start` to `end` on a date of the platform zone. */
export const platformSpan = (date: string, start: string, end: string) => {
  const startsAt = platformInstant(date, start);
  return { startsAt, endsAt: addMinutes(startsAt, minutes(end) - minutes(start)) };
};

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

/** A session in progress on the app's clock: started 10 minutes ago, for an hour; its room is open. */
export const liveSpan = (app: FastifyInstance) => {
  const now = app.clock.instant().getTime();
  return { startsAt: new Date(now - 10 * 60_000), endsAt: new Date(now + 50 * 60_000) };
};

/** Inserts an appointment row directly (also in the past, which the API refuses to book). */
export async function insertAppointment(
  app: FastifyInstance,
  a: {
    psychologistId: number;
    patientId: number;
    date?: string;
    start?: string;
    end?: string;
    /** Instead of date, start and end. */
    span?: { startsAt: Date; endsAt: Date };
    status?: 'CONFIRMED' | 'CANCELED' | 'NO_SHOW';
    reason?: string;
    /** When it was booked; now on the app's clock unless given. */
    scheduledAt?: Date;
  },
) {
  const [row] = await app.db
    .insert(appointments)
    .values({
      psychologistId: a.psychologistId,
      patientId: a.patientId,
      ...(a.span ?? platformSpan(a.date as string, a.start as string, a.end as string)),
      status: a.status ?? 'CONFIRMED',
      cancellationReason: a.reason ?? null,
      canceledAt: a.status === 'CANCELED' ? new Date() : null,
      videoCallRoomId: randomUUID(),
      scheduledAt: a.scheduledAt ?? app.clock.instant(),
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
  body: { startDate: string; endDate: string; therapyTypes?: string[]; languages?: string[] },
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
