import { DAYS_OF_WEEK } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.js';
import { addSlots, dateFromToday, halfHourDay, insertAppointment, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

// The refusals a move promises: each leaves the appointment as it was, at its old time, with its room.
let ctx: TestContext;
let doc: TestUser;
let otherDoc: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  doc = await createPsychologist(ctx.app);
  otherDoc = await createPsychologist(ctx.app);
  for (const who of [doc, otherDoc]) {
    for (const day of DAYS_OF_WEEK) await addSlots(ctx.app, who.id, day, ...halfHourDay());
  }
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const held = async (patient: TestUser, date: string, start: string, end: string) =>
  insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, date, start, end });
const move = (id: number, token: string, psychologistId: number, date: string, startTime: string, endTime: string) =>
  call(ctx.app, {
    method: 'POST',
    url: `/api/patient/appointments/${id}/reschedule`,
    token,
    payload: { psychologistId, date, startTime, endTime },
  });
const rowOf = async (id: number) => (await ctx.app.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const rowsOf = async (psychologistId: number) =>
  ctx.app.db.select().from(appointments).where(eq(appointments.psychologistId, psychologistId));

describe('POST /api/patient/appointments/{id}/reschedule refuses', () => {
  it('inside the 24-hour notice: 409 NOTICE_PASSED, the appointment stays at its time; a minute earlier it moves', async () => {
    const patient = await createPatient(ctx.app);
    const [dayBefore, date, later] = [dateFromToday(ctx.app, 1), dateFromToday(ctx.app, 2), dateFromToday(ctx.app, 3)];
    const before = await held(patient, date, '12:00', '12:30');
    ctx.setNow(`${dayBefore} 12:01`);
    const late = await move(before.id, patient.token, doc.id, later, '12:00', '12:30');
    expect([late.status, late.body.code]).toEqual([409, 'NOTICE_PASSED']);
    expect(late.body.message).toContain('contact your psychologist');
    expect(await rowOf(before.id)).toEqual(before);

    ctx.setNow(`${dayBefore} 12:00`);
    const inTime = await move(before.id, patient.token, doc.id, later, '12:00', '12:30');
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
    expect((await rowOf(before.id)).startsAt).toEqual(platformInstant(later, '12:00'));
  });

  it('a slot someone else holds: 409 SLOT_TAKEN, and both keep their times', async () => {
    const [mover, holder] = [await createPatient(ctx.app), await createPatient(ctx.app)];
    const date = dateFromToday(ctx.app, 4);
    const mine = await held(mover, date, '10:00', '10:30');
    const theirs = await held(holder, date, '11:00', '11:30');
    const res = await move(mine.id, mover.token, doc.id, date, '11:00', '11:30');
    expect([res.status, res.body.code]).toEqual([409, 'SLOT_TAKEN']);
    expect(await rowOf(mine.id)).toEqual(mine);
    expect(await rowOf(theirs.id)).toEqual(theirs);
    // The patient's own list still shows the old time.
    const listed = await call(ctx.app, { method: 'GET', url: '/api/patient/appointments', token: mover.token });
    const shown = (listed.body as { id: number; startTime: string }[]).find((a) => a.id === mine.id);
    expect(shown?.startTime).toBe('10:00');
  });

  it("another psychologist's free slot: 400 on psychologistId, nothing booked with them", async () => {
    const patient = await createPatient(ctx.app);
    const date = dateFromToday(ctx.app, 5);
    const mine = await held(patient, date, '15:00', '15:30');
    const othersBefore = await rowsOf(otherDoc.id);
    const res = await move(mine.id, patient.token, otherDoc.id, date, '16:00', '16:30');
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
    expect(JSON.stringify(res.body)).toContain('psychologistId');
    expect(await rowOf(mine.id)).toEqual(mine);
    expect(await rowsOf(otherDoc.id)).toEqual(othersBefore);
  });
});
