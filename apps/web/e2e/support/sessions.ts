import { type APIRequestContext, expect } from '@playwright/test';
import { type Appointment, DAYS_OF_WEEK, formatTime } from '@rozmova/contract';

type Account = { token: string; id: number };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
const HALF_HOUR_MS = 30 * MINUTE_MS;
const QUARTER_MS = 15 * MINUTE_MS;

/** Every half hour of every day, on the psychologist's own clock. */
export const EVERY_HALF_HOUR = DAYS_OF_WEEK.map((dayOfWeek) => ({
  dayOfWeek,
  timeSlots: Array.from({ length: 48 }, (_, i) => ({ startTime: formatTime(i * 30), endTime: formatTime(i * 30 + 30) })),
}));

/** The same slots every day, on the psychologist's own clock. */
export const everyDay = (...slots: [string, string][]) =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots: slots.map(([startTime, endTime]) => ({ startTime, endTime })) }));

export async function setTimeZone(request: APIRequestContext, user: Account, timeZone: string) {
  const res = await request.put('/api/user/time-zone', { data: { timeZone }, headers: bearer(user.token) });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function setSchedule(request: APIRequestContext, doctor: Account, week = EVERY_HALF_HOUR) {
  const res = await request.post('/api/psychologist/schedule', { data: week, headers: bearer(doctor.token) });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The patient books the psychologist's slot that starts at this instant, as the search's booking sends it. */
export async function bookAt(request: APIRequestContext, patient: Account, doctorId: number, startsAt: Date) {
  const res = await request.post('/api/patient/appointments', {
    data: { psychologistId: doctorId, startsAt: startsAt.toISOString() },
    headers: bearer(patient.token),
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Appointment;
}

/** The first instant on the hour or half past from `from` (epoch ms) on: a slot start in any whole-hour zone. */
export const nextHalfHour = (from: number) => new Date(Math.ceil(from / HALF_HOUR_MS) * HALF_HOUR_MS);

/**
 * A session whose room admits now, or within seconds: the psychologist offers every half hour, and the patient books
 * the first start at least 20 s ahead (time to book it), which the 15 minutes the room opens early cover. Half-hour
 * slots start on the hour and half past in a zone a whole number of hours from UTC, and at a quarter past and to in
 * Nepal's (UTC+5:45): the psychologist keeps whichever has the next start, so it is never more than 15 minutes away.
 */
export async function openSession(request: APIRequestContext, doctor: Account, patient: Account) {
  const startsAt = Math.ceil((Date.now() + 20_000) / QUARTER_MS) * QUARTER_MS;
  await setTimeZone(request, doctor, (startsAt / QUARTER_MS) % 2 === 0 ? 'Europe/Kyiv' : 'Asia/Kathmandu');
  await setSchedule(request, doctor);
  return bookAt(request, patient, doctor.id, new Date(startsAt));
}
