import { LIMITS } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
let doc: TestUser;
let patient: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  doc = await createPsychologist(ctx.app);
  patient = await createPatient(ctx.app);
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const cancel = (id: number, token = patient.token, payload?: object) =>
  call(ctx.app, { method: 'DELETE', url: `/api/patient/appointments/${id}`, token, ...(payload && { payload }) });
const session = async (date: string, start: string, end: string, status?: 'CANCELED') =>
  (await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, date, start, end, status })).id;
const statusOf = async (id: number) => (await ctx.app.db.select().from(appointments).where(eq(appointments.id, id)))[0].status;

describe('DELETE /api/patient/appointments/{id}', () => {
  it('cancels an upcoming appointment with no body, or with a reason, and closes it for both sides', async () => {
    const first = await session(dateFromToday(ctx.app, 3), '10:00', '11:00');
    const res = await cancel(first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: first, status: 'CANCELED', cancellationReason: null });

    const second = await session(dateFromToday(ctx.app, 4), '10:00', '11:00');
    const withReason = await cancel(second, patient.token, { reason: '  Moving house  ' });
    expect(withReason.body).toMatchObject({ status: 'CANCELED', cancellationReason: 'Moving house' });
    const doctorArchived = await call(ctx.app, {
      method: 'GET',
      url: '/api/doctor/appointments?status=archived',
      token: doc.token,
    });
    expect(doctorArchived.body.find((a: { id: number }) => a.id === second)?.cancellationReason).toBe('Moving house');

    const again = await cancel(second, patient.token);
    expect([again.status, again.body.code]).toEqual([409, 'NOT_CANCELABLE']);
  });

  it('allows it until 24 hours before the start, then answers 409 NOTICE_PASSED and changes nothing', async () => {
    const [dayBefore, date] = [dateFromToday(ctx.app, 1), dateFromToday(ctx.app, 2)];
    const id = await session(date, '12:00', '13:00');
    ctx.setNow(`${dayBefore} 12:01`);
    const late = await cancel(id, patient.token);
    expect([late.status, late.body.code]).toEqual([409, 'NOTICE_PASSED']);
    expect(late.body.message).toContain('contact your psychologist');
    expect(await statusOf(id)).toBe('CONFIRMED');
    ctx.setNow(`${dayBefore} 12:00`);
    expect((await cancel(id, patient.token)).status).toBe(200);
  });

  it('counts the notice in real hours across daylight-saving changes', async () => {
    // A patient signed in at that moment, since a token lives only days.
    const sessionOf = async (now: string, date: string) => {
      ctx.setNow(now);
      const who = await createPatient(ctx.app);
      const { id } = await insertAppointment(ctx.app, {
        psychologistId: doc.id,
        patientId: who.id,
        date,
        start: '10:00',
        end: '11:00',
      });
      return cancel(id, who.token);
    };
    // Kyiv springs forward on 2026-03-29 (03:00 → 04:00): 24½ wall-clock hours are 23½ real ones.
    expect((await sessionOf('2026-03-28 09:30', '2026-03-29')).body.code).toBe('NOTICE_PASSED');
    // It falls back on 2026-10-25 (04:00 → 03:00): 23½ wall-clock hours are 24½ real ones.
    expect((await sessionOf('2026-10-24 10:30', '2026-10-25')).status).toBe(200);
  });

  it('refuses ended and canceled appointments, bad reasons, and anyone else', async () => {
    const ended = await session(dateFromToday(ctx.app, -1), '10:00', '11:00');
    const canceled = await session(dateFromToday(ctx.app, 5), '10:00', '11:00', 'CANCELED');
    for (const id of [ended, canceled]) expect((await cancel(id, patient.token)).body.code).toBe('NOT_CANCELABLE');

    const upcoming = await session(dateFromToday(ctx.app, 6), '10:00', '11:00');
    const tooLong = await cancel(upcoming, patient.token, { reason: 'x'.repeat(LIMITS.reason + 1) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION']);
    expect((await cancel(upcoming, patient.token, { reason: 42 })).status).toBe(400);

    const stranger = await createPatient(ctx.app);
    expect((await cancel(upcoming, stranger.token)).status).toBe(404);
    expect((await cancel(2_000_000_000, patient.token)).status).toBe(404);
    expect((await cancel(upcoming, doc.token)).status).toBe(403);
    expect(await statusOf(upcoming)).toBe('CONFIRMED');
  });
});
