import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { busyTimes, groupPrograms, groupSessions } from '../src/db/schema/index.js';
import { liveSpan, platformInstant } from './booking-helpers.js';
import { call } from './helpers.js';

/** A weekly OPEN group of four 90-minute sessions at `start` on the platform's wall clock, from `date`. */
export const groupBody = (date: string, start = '18:00', overrides: Record<string, unknown> = {}) => ({
  title: 'Anxiety circle',
  description: 'A weekly group',
  therapyType: 'KPT',
  capacity: 5,
  enrolment: 'OPEN',
  firstStartsAt: platformInstant(date, start).toISOString(),
  durationMinutes: 90,
  sessionCount: 4,
  repeatDays: 7,
  ...overrides,
});

export async function createGroup(
  app: FastifyInstance,
  token: string,
  date: string,
  start = '18:00',
  overrides: Record<string, unknown> = {},
) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/psychologist/groups',
    token,
    payload: groupBody(date, start, overrides),
  });
  if (res.status !== 201) throw new Error(`creating a group answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: number; sessions: { id: number; startsAt: string; endsAt: string; videoCallRoomId: string }[] };
}

export const join = (app: FastifyInstance, token: string, id: number) =>
  call(app, { method: 'POST', url: `/api/patient/groups/${id}/enrolment`, token, payload: { agreementAccepted: true } });

export const leave = (app: FastifyInstance, token: string, id: number) =>
  call(app, { method: 'DELETE', url: `/api/patient/groups/${id}/enrolment`, token });

export const programRow = async (app: FastifyInstance, id: number) =>
  (await app.db.select().from(groupPrograms).where(eq(groupPrograms.id, id)))[0];

/** The busy rows of one person that come from group sessions. */
export const groupBusyOf = (app: FastifyInstance, userId: number) =>
  app.db
    .select()
    .from(busyTimes)
    .where(and(eq(busyTimes.userId, userId), eq(busyTimes.side, 'PATIENT')))
    .then((rows) => rows.filter((r) => r.groupSessionId !== null));

/** A session of the program in progress on the app's clock, inserted straight into the table (the API takes none that has started). */
export async function insertLiveSession(app: FastifyInstance, programId: number, psychologistId: number) {
  const [row] = await app.db
    .insert(groupSessions)
    .values({ programId, psychologistId, ...liveSpan(app), videoCallRoomId: randomUUID(), scheduledAt: app.clock.instant() })
    .returning();
  return row;
}
