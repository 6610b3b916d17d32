import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, scheduleSlots } from '../src/db/schema/index.js';
import { seedAppointments } from '../src/db/seed/appointments.js';
import { seedPractice } from '../src/db/seed/practice.js';
import { seedDemoUsers } from '../src/db/seed/users.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { dateFromToday, insertAppointment, platformWhen } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const list = (who: 'patient' | 'doctor', token: string, status?: string) =>
  call(ctx.app, { method: 'GET', url: `/api/${who}/appointments${status ? `?status=${status}` : ''}`, token });
const cancel = (id: number, token: string, payload: object = { reason: 'Unwell today' }) =>
  call(ctx.app, { method: 'DELETE', url: `/api/doctor/appointments/${id}`, token, payload });

/** A psychologist and a patient with appointments in every state, inserted directly. */
async function practice() {
  const doc = await createPsychologist(ctx.app, { firstName: 'Maria', lastName: 'Bondar' });
  const patient = await createPatient(ctx.app, { firstName: 'Oleh', lastName: 'Lysenko' });
  const base = { psychologistId: doc.id, patientId: patient.id };
  const at = async (days: number, start: string, end: string, extra: { status?: 'CANCELED'; reason?: string } = {}) =>
    (await insertAppointment(ctx.app, { ...base, date: dateFromToday(ctx.app, days), start, end, ...extra })).id;
  const ids = {
    nextWeek: await at(7, '09:00', '10:00'),
    tomorrowLate: await at(1, '15:00', '16:00'),
    tomorrowEarly: await at(1, '08:00', '09:00'),
    canceledFuture: await at(2, '10:00', '11:00', { status: 'CANCELED', reason: 'Holiday' }),
    yesterday: await at(-1, '10:00', '11:00'),
    lastMonth: await at(-30, '12:00', '14:00'),
    todayMidnight: await at(0, '00:00', '00:30'),
  };
  return { doc, patient, ids };
}

describe('appointment lists', () => {
  it('splits own appointments into active (soonest first) and archived (most recent first)', async () => {
    const { doc, patient, ids } = await practice();
    const outsider = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: outsider.id,
      date: dateFromToday(ctx.app, 1),
      start: '12:00',
      end: '13:00',
    });
    const mine = { psychologistId: doc.id, patientId: patient.id };
    // An earlier one on the same day, and a second cancellation of the same slot: ties go by start, then id.
    const yesterdayEarly = (
      await insertAppointment(ctx.app, { ...mine, date: dateFromToday(ctx.app, -1), start: '08:00', end: '09:00' })
    ).id;
    const canceledAgain = (
      await insertAppointment(ctx.app, {
        ...mine,
        date: dateFromToday(ctx.app, 2),
        start: '10:00',
        end: '11:00',
        status: 'CANCELED',
        reason: 'Rebooked, then canceled',
      })
    ).id;
    // At 10:20 the 00:00–00:30 appointment of today has ended.
    const active = [ids.tomorrowEarly, ids.tomorrowLate, ids.nextWeek];
    const archived = [canceledAgain, ids.canceledFuture, ids.todayMidnight, ids.yesterday, yesterdayEarly, ids.lastMonth];

    const patientActive = await list('patient', patient.token, 'active');
    expect(patientActive.status).toBe(200);
    expect(patientActive.body.map((a: { id: number }) => a.id)).toEqual(active);
    expect((await list('patient', patient.token)).body.map((a: { id: number }) => a.id)).toEqual(active);
    expect((await list('patient', patient.token, 'archived')).body.map((a: { id: number }) => a.id)).toEqual(archived);

    const doctorActive = (await list('doctor', doc.token, 'active')).body.map((a: { patientId: number }) => a.patientId);
    expect(doctorActive).toContain(outsider.id);
    expect((await list('doctor', doc.token, 'archived')).body.map((a: { id: number }) => a.id)).toEqual(archived);
    expect((await list('patient', outsider.token, 'archived')).body).toEqual([]);
  });

  it('moves an appointment to the archive at the exact minute it ends', async () => {
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const today = dateFromToday(ctx.app, 0);
    const { id } = await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: patient.id,
      date: today,
      start: '14:00',
      end: '15:00',
    });
    const tabsAt = async (wallClock: string) => {
      ctx.setNow(`${today} ${wallClock}`);
      const ids = async (tab: string) => (await list('patient', patient.token, tab)).body.map((a: { id: number }) => a.id);
      return { active: await ids('active'), archived: await ids('archived') };
    };
    try {
      expect(await tabsAt('14:30')).toEqual({ active: [id], archived: [] });
      expect(await tabsAt('14:59')).toEqual({ active: [id], archived: [] });
      expect(await tabsAt('15:00')).toEqual({ active: [], archived: [id] });
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it('carries every field of an appointment', async () => {
    const { patient, ids, doc } = await practice();
    const archived = (await list('patient', patient.token, 'archived')).body;
    const canceled = archived.find((a: { id: number }) => a.id === ids.canceledFuture);
    expect(canceled).toEqual({
      id: ids.canceledFuture,
      ...platformWhen(dateFromToday(ctx.app, 2), '10:00', '11:00'),
      doctorTimeZone: 'Europe/Kyiv',
      patientTimeZone: 'Europe/Kyiv',
      kind: 'INDIVIDUAL',
      group: null,
      attendance: null,
      status: 'CANCELED',
      cancellationReason: 'Holiday',
      videoCallRoomId: expect.any(String),
      doctorId: doc.id,
      doctorFirstName: 'Maria',
      doctorLastName: 'Bondar',
      patientId: patient.id,
      patientFirstName: 'Oleh',
      patientLastName: 'Lysenko',
      patientReview: null,
      patientReviewedAt: null,
    });
    // The patient's feedback is theirs: the psychologist's list does not carry it.
    const { patientReview: _, patientReviewedAt: __, ...doctorView } = canceled;
    const doctorArchived = (await list('doctor', doc.token, 'archived')).body;
    expect(doctorArchived.find((a: { id: number }) => a.id === ids.canceledFuture)).toEqual(doctorView);
  });

  it('refuses an unknown tab and other roles', async () => {
    const { doc, patient } = await practice();
    const bad = await list('patient', patient.token, 'upcoming');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    expect((await list('doctor', doc.token, 'ALL')).status).toBe(400);
    expect((await list('doctor', patient.token)).status).toBe(403);
    expect((await list('patient', doc.token)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/patient/appointments' })).status).toBe(401);
  });
});

describe('cancellation by the psychologist', () => {
  let doc: TestUser;
  let patient: TestUser;
  let ids: Awaited<ReturnType<typeof practice>>['ids'];
  beforeAll(async () => {
    ({ doc, patient, ids } = await practice());
  });

  it('cancels an upcoming appointment with the reason and answers it updated', async () => {
    const res = await cancel(ids.tomorrowLate, doc.token, { reason: '  Family emergency  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.tomorrowLate, status: 'CANCELED', cancellationReason: 'Family emergency' });
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.tomorrowLate));
    expect(row.canceledAt).toBeInstanceOf(Date);
    const archived = (await list('patient', patient.token, 'archived')).body;
    expect(archived.find((a: { id: number }) => a.id === ids.tomorrowLate)?.cancellationReason).toBe('Family emergency');
    const again = await cancel(ids.tomorrowLate, doc.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOT_CANCELABLE');
  });

  it('refuses blank or missing reasons and changes nothing', async () => {
    for (const res of [
      await cancel(ids.nextWeek, doc.token, { reason: '   ' }),
      await cancel(ids.nextWeek, doc.token, { reason: '' }),
      await cancel(ids.nextWeek, doc.token, {}),
      await call(ctx.app, { method: 'DELETE', url: `/api/doctor/appointments/${ids.nextWeek}`, token: doc.token }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.nextWeek));
    expect(row.status).toBe('CONFIRMED');
  });

  it('refuses ended and already canceled appointments', async () => {
    for (const id of [ids.yesterday, ids.lastMonth, ids.canceledFuture]) {
      const res = await cancel(id, doc.token);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('NOT_CANCELABLE');
    }
  });

  it('cancels an appointment in progress until the minute it ends', async () => {
    const today = dateFromToday(ctx.app, 0);
    const session = async (start: string, end: string) =>
      (await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, date: today, start, end })).id;
    const during = await session('14:00', '15:00');
    const atEnd = await session('16:00', '17:00');
    try {
      ctx.setNow(`${today} 14:59`);
      expect((await cancel(during, doc.token)).status).toBe(200);
      ctx.setNow(`${today} 17:00`);
      expect((await cancel(atEnd, doc.token)).body.code).toBe('NOT_CANCELABLE');
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it("hides other psychologists' appointments and admits only psychologists", async () => {
    const stranger = await createPsychologist(ctx.app);
    expect((await cancel(ids.nextWeek, stranger.token)).status).toBe(404);
    expect((await cancel(2_000_000_000, doc.token)).status).toBe(404);
    expect((await cancel(ids.nextWeek, patient.token)).status).toBe(403);
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.nextWeek));
    expect(row.status).toBe('CONFIRMED');
  });
});

describe('appointment info for the video room', () => {
  const info = (who: 'doctor' | 'patient', room: string, token: string) =>
    call(ctx.app, { method: 'GET', url: `/api/${who}/appointments/info?videoCallRoomId=${encodeURIComponent(room)}`, token });

  it('tells the two participants who meets when, each on their own endpoint', async () => {
    const { doc, patient, ids } = await practice();
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.nextWeek));
    const expected = {
      doctorId: doc.id,
      doctorFirstName: 'Maria',
      doctorLastName: 'Bondar',
      patientId: patient.id,
      patientFirstName: 'Oleh',
      patientLastName: 'Lysenko',
      ...platformWhen(dateFromToday(ctx.app, 7), '09:00', '10:00'),
      doctorTimeZone: 'Europe/Kyiv',
      patientTimeZone: 'Europe/Kyiv',
      status: 'CONFIRMED',
      kind: 'INDIVIDUAL',
      group: null,
      members: [],
      // The room opens 15 minutes before the start and closes 30 minutes after the end.
      opensAt: new Date(row.startsAt.getTime() - 15 * 60_000).toISOString(),
      closesAt: new Date(row.endsAt.getTime() + 30 * 60_000).toISOString(),
    };
    expect(await info('doctor', row.videoCallRoomId, doc.token)).toMatchObject({ status: 200, body: expected });
    expect(await info('patient', row.videoCallRoomId, patient.token)).toMatchObject({ status: 200, body: expected });
    expect(Object.keys((await info('patient', row.videoCallRoomId, patient.token)).body).sort()).toEqual(
      Object.keys(expected).sort(),
    );
  });

  it('answers 404 to everyone else and for unknown rooms', async () => {
    const { doc, patient, ids } = await practice();
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.nextWeek));
    const otherDoc = await createPsychologist(ctx.app);
    const otherPatient = await createPatient(ctx.app);
    for (const [who, token] of [
      ['doctor', otherDoc.token],
      ['patient', otherPatient.token],
      ['patient', doc.token],
      ['doctor', patient.token],
    ] as const) {
      expect((await info(who, row.videoCallRoomId, token)).status).toBe(404);
    }
    expect((await info('patient', 'no-such-room', patient.token)).status).toBe(404);
    const missing = await call(ctx.app, { method: 'GET', url: '/api/patient/appointments/info', token: patient.token });
    expect(missing.status).toBe(400);
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/doctor/appointments/info?videoCallRoomId=${row.videoCallRoomId}` }))
        .status,
    ).toBe(401);
  });
});

describe('demo appointments', () => {
  it('gives the demo patients past and upcoming sessions on the schedules, some canceled with a reason', async () => {
    const demo = await seedDemoUsers(ctx.app.db, ctx.app.clock);
    await seedPractice(ctx.app.db, demo);
    await seedAppointments(ctx.app.db, demo, ctx.app.clock);
    const week = await ctx.app.db.select().from(scheduleSlots);
    for (const patientId of demo.patients) {
      const token = await ctx.app.tokens.issue(patientId);
      const active = (await list('patient', token, 'active')).body;
      const archived = (await list('patient', token, 'archived')).body;
      expect(active.length).toBeGreaterThan(0);
      expect(archived.length).toBeGreaterThan(0);
      for (const a of active) {
        expect(a.status).toBe('CONFIRMED');
        const onSchedule = week.some(
          (s) =>
            s.psychologistId === a.doctorId &&
            s.dayOfWeek === dayOfWeekOf(a.date) &&
            s.startMinute === Number(a.startTime.slice(0, 2)) * 60 + Number(a.startTime.slice(3)),
        );
        expect(onSchedule).toBe(true);
      }
    }
    const canceled = await ctx.app.db.select().from(appointments).where(eq(appointments.status, 'CANCELED'));
    const demoCanceled = canceled.filter((a) => demo.patients.includes(a.patientId));
    expect(demoCanceled.length).toBeGreaterThanOrEqual(2);
    // Reasons are written in the psychologist's language (Ukrainian or English).
    for (const a of demoCanceled) expect(a.cancellationReason).toMatch(/\p{L}{3,}/u);
    const doctorToken = await ctx.app.tokens.issue(demo.psychologists[0]);
    expect((await list('doctor', doctorToken, 'archived')).body.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/doctor/appointments/{id}/no-show', () => {
  const noShow = (id: number, token: string) =>
    call(ctx.app, { method: 'PUT', url: `/api/doctor/appointments/${id}/no-show`, token });

  it('marks a started session as not attended, once, and both sides see it archived as NO_SHOW', async () => {
    const { doc, patient, ids } = await practice();
    const today = dateFromToday(ctx.app, 0);
    const inProgress = (
      await insertAppointment(ctx.app, {
        psychologistId: doc.id,
        patientId: patient.id,
        date: today,
        start: '10:00',
        end: '11:00',
      })
    ).id;
    for (const id of [ids.yesterday, inProgress]) {
      const res = await noShow(id, doc.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'NO_SHOW' });
    }
    for (const [who, token] of [
      ['patient', patient.token],
      ['doctor', doc.token],
    ] as const) {
      const archived = (await list(who, token, 'archived')).body as { id: number; status: string }[];
      expect(archived.filter((a) => a.status === 'NO_SHOW').map((a) => a.id)).toEqual([inProgress, ids.yesterday]);
      const active = (await list(who, token)).body as { id: number }[];
      expect(active.map((a) => a.id)).not.toContain(inProgress);
    }
    const again = await noShow(inProgress, doc.token);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses a session that has not started, a canceled one, and anyone else', async () => {
    const { doc, patient, ids } = await practice();
    const early = await noShow(ids.tomorrowEarly, doc.token);
    expect([early.status, early.body.code]).toEqual([409, 'NOT_STARTED']);
    expect((await noShow(ids.canceledFuture, doc.token)).status).toBe(409);
    const stranger = await createPsychologist(ctx.app);
    expect((await noShow(ids.yesterday, stranger.token)).status).toBe(404);
    expect((await noShow(ids.yesterday, patient.token)).status).toBe(403);
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, ids.yesterday));
    expect(row.status).toBe('CONFIRMED');
  });
});
