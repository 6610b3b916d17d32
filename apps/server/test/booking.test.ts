import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.js';
import { addDays, dayOfWeekOf } from '../src/lib/time.js';
import {
  addSlots,
  book,
  dateFromToday,
  insertAppointment,
  platformInstant,
  platformWhen,
  type SlotBody,
  search,
  today,
} from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
let doc: TestUser;
let date: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  doc = await createPsychologist(ctx.app, { firstName: 'Iryna', lastName: 'Koval' });
  date = dateFromToday(ctx.app, 1);
  await addSlots(
    ctx.app,
    doc.id,
    dayOfWeekOf(date),
    ['09:00', '10:00'],
    ['10:00', '11:00'],
    ['11:00', '11:30'],
    ['12:00', '14:00'],
  );
  // At the test clock's 10:20 today's 00:00 slot has started.
  await addSlots(ctx.app, doc.id, dayOfWeekOf(today(ctx.app)), ['00:00', '00:30'], ['10:20', '10:50'], ['10:21', '10:51']);
});
afterAll(() => ctx.close());

const slotAt = (startTime: string, endTime: string, over: Partial<SlotBody> = {}): SlotBody => ({
  psychologistId: doc.id,
  date,
  startTime,
  endTime,
  ...over,
});
const confirmedCount = async (psychologistId: number, day: string) =>
  (
    await ctx.app.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.psychologistId, psychologistId),
          gte(appointments.startsAt, platformInstant(day, '00:00')),
          lt(appointments.startsAt, platformInstant(day, '24:00')),
          eq(appointments.status, 'CONFIRMED'),
        ),
      )
  ).length;

describe('booking', () => {
  it('books a free future slot of the schedule as a confirmed appointment with a fresh room', async () => {
    const patient = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Shevchenko' });
    const res = await book(ctx.app, patient.token, slotAt('09:00:00', '10:00'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      ...platformWhen(date, '09:00', '10:00'),
      doctorTimeZone: 'Europe/Kyiv',
      patientTimeZone: 'Europe/Kyiv',
      kind: 'INDIVIDUAL',
      group: null,
      attendance: null,
      status: 'CONFIRMED',
      cancellationReason: null,
      videoCallRoomId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      doctorId: doc.id,
      doctorFirstName: 'Iryna',
      doctorLastName: 'Koval',
      patientId: patient.id,
      patientFirstName: 'Petro',
      patientLastName: 'Shevchenko',
    });
    const [found] = await search(ctx.app, patient.token, { startDate: date, endDate: date }, [doc.id]);
    expect(found.availableSlots.map((s: { startTime: string }) => s.startTime)).not.toContain('09:00');

    const other = await createPatient(ctx.app);
    const again = await book(ctx.app, other.token, slotAt('09:00', '10:00'));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SLOT_TAKEN');
    expect(again.body.videoCallRoomId).toBeUndefined();
  });

  it('gives every appointment its own room id', async () => {
    const [a, b] = [await createPatient(ctx.app), await createPatient(ctx.app)];
    const day = addDays(date, 7);
    const first = await book(ctx.app, a.token, slotAt('10:00', '11:00', { date: day }));
    const second = await book(ctx.app, b.token, slotAt('11:00', '11:30', { date: day }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.videoCallRoomId).not.toBe(second.body.videoCallRoomId);
  });

  it('refuses times that are not exactly a slot of the schedule', async () => {
    const patient = await createPatient(ctx.app);
    for (const body of [
      slotAt('10:30', '11:30'),
      slotAt('10:00', '10:30'),
      slotAt('12:00', '13:00'),
      slotAt('10:00', '11:00', { date: addDays(date, 1) }),
      slotAt('16:00', '17:00'),
    ]) {
      const res = await book(ctx.app, patient.token, body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('refuses past slots', async () => {
    const patient = await createPatient(ctx.app);
    const started = await book(ctx.app, patient.token, slotAt('00:00', '00:30', { date: today(ctx.app) }));
    const lastWeek = await book(ctx.app, patient.token, slotAt('10:00', '11:00', { date: addDays(date, -7) }));
    for (const res of [started, lastWeek]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('books a slot starting a minute from now but not one that started this minute', async () => {
    const patient = await createPatient(ctx.app);
    const day = today(ctx.app);
    const startedNow = await book(ctx.app, patient.token, slotAt('10:20', '10:50', { date: day }));
    expect(startedNow.status).toBe(409);
    expect(startedNow.body.code).toBe('SLOT_UNAVAILABLE');
    const nextMinute = await book(ctx.app, patient.token, slotAt('10:21', '10:51', { date: day }));
    expect(nextMinute.status).toBe(201);
  });

  it('refuses slots of disabled accounts and of ids that are not psychologists', async () => {
    const patient = await createPatient(ctx.app);
    const disabled = await createPsychologist(ctx.app, { enabled: false });
    await addSlots(ctx.app, disabled.id, dayOfWeekOf(date), ['10:00', '11:00']);
    for (const psychologistId of [disabled.id, patient.id, 2_000_000_000]) {
      const res = await book(ctx.app, patient.token, slotAt('10:00', '11:00', { psychologistId }));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('refuses a second appointment of the patient at an overlapping time', async () => {
    const patient = await createPatient(ctx.app);
    const second = await createPsychologist(ctx.app);
    const day = addDays(date, 14);
    await addSlots(ctx.app, second.id, dayOfWeekOf(day), ['12:30', '13:00'], ['14:00', '15:00']);
    expect((await book(ctx.app, patient.token, slotAt('12:00', '14:00', { date: day }))).status).toBe(201);
    const busy = await book(ctx.app, patient.token, slotAt('12:30', '13:00', { date: day, psychologistId: second.id }));
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('PATIENT_BUSY');
    const adjacent = await book(ctx.app, patient.token, slotAt('14:00', '15:00', { date: day, psychologistId: second.id }));
    expect(adjacent.status).toBe(201);
  });

  it('lets a canceled slot be booked again', async () => {
    const [first, second] = [await createPatient(ctx.app), await createPatient(ctx.app)];
    const day = addDays(date, 21);
    const booked = await book(ctx.app, first.token, slotAt('10:00', '11:00', { date: day }));
    const cancel = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/doctor/appointments/${booked.body.id}`,
      token: doc.token,
      payload: { reason: 'Conference' },
    });
    expect(cancel.status).toBe(200);
    expect((await book(ctx.app, second.token, slotAt('10:00', '11:00', { date: day }))).status).toBe(201);
    expect((await book(ctx.app, first.token, slotAt('11:00', '11:30', { date: day }))).status).toBe(201);
  });

  it('keeps booked appointments when the psychologist changes the schedule', async () => {
    const patient = await createPatient(ctx.app);
    const changing = await createPsychologist(ctx.app);
    await addSlots(ctx.app, changing.id, dayOfWeekOf(date), ['10:00', '11:00']);
    const booked = await book(ctx.app, patient.token, slotAt('10:00', '11:00', { psychologistId: changing.id }));
    expect(booked.status).toBe(201);
    const week = [{ dayOfWeek: dayOfWeekOf(date), timeSlots: [{ startTime: '15:00', endTime: '16:00' }] }];
    const saved = await call(ctx.app, {
      method: 'POST',
      url: '/api/psychologist/schedule',
      token: changing.token,
      payload: week,
    });
    expect(saved.status).toBe(200);
    const active = await call(ctx.app, { method: 'GET', url: '/api/patient/appointments?status=active', token: patient.token });
    expect(active.body).toEqual([{ ...booked.body, patientReview: null, patientReviewedAt: null }]);
    const again = await book(
      ctx.app,
      patient.token,
      slotAt('10:00', '11:00', { psychologistId: changing.id, date: addDays(date, 7) }),
    );
    expect(again.body.code).toBe('SLOT_UNAVAILABLE');
  });

  it('answers 400 for malformed bodies', async () => {
    const patient = await createPatient(ctx.app);
    for (const body of [
      { ...slotAt('10:00', '11:00'), date: '2030-02-30' },
      { ...slotAt('10:00', '11:00'), date: 'next week' },
      slotAt('25:00', '26:00'),
      slotAt('11:00', '10:00'),
      slotAt('10:00', '10:00'),
      { ...slotAt('10:00', '11:00'), psychologistId: 'abc' },
      { ...slotAt('10:00', '11:00'), psychologistId: -1 },
      { date, startTime: '10:00', endTime: '11:00' },
    ]) {
      const res = await book(ctx.app, patient.token, body as SlotBody);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('admits only patients', async () => {
    expect((await book(ctx.app, doc.token, slotAt('10:00', '11:00'))).status).toBe(403);
    const anonymous = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/appointments',
      payload: slotAt('10:00', '11:00'),
    });
    expect(anonymous.status).toBe(401);
  });

  it('lets exactly one of 20 concurrent bookings of one slot win', async () => {
    const day = addDays(date, 28);
    const patients = await Promise.all(Array.from({ length: 20 }, () => createPatient(ctx.app)));
    const results = await Promise.all(patients.map((p) => book(ctx.app, p.token, slotAt('12:00', '14:00', { date: day }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'SLOT_TAKEN')).toBe(true);
    expect(await confirmedCount(doc.id, day)).toBe(1);
  });

  it('gives a patient who books the slot they already hold their appointment back with 200, a double click at once too', async () => {
    const day = addDays(date, 49);
    const patient = await createPatient(ctx.app);
    const [first, second] = await Promise.all([
      book(ctx.app, patient.token, slotAt('12:00', '14:00', { date: day })),
      book(ctx.app, patient.token, slotAt('12:00', '14:00', { date: day })),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.id).toBe(first.body.id);
    const again = await book(ctx.app, patient.token, slotAt('12:00', '14:00', { date: day }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await confirmedCount(doc.id, day)).toBe(1);
    // Someone else is still told the slot is taken.
    const other = await createPatient(ctx.app);
    const refused = await book(ctx.app, other.token, slotAt('12:00', '14:00', { date: day }));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SLOT_TAKEN');
  });

  it('never books over an appointment made outside the API', async () => {
    const [a, b] = [await createPatient(ctx.app), await createPatient(ctx.app)];
    const day = addDays(date, 35);
    await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: a.id, date: day, start: '09:30', end: '10:00' });
    const res = await book(ctx.app, b.token, slotAt('09:00', '10:00', { date: day }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SLOT_TAKEN');
  });
});
