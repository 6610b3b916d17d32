import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, patientProfiles } from '../src/db/schema/index.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const patientInfo = (id: number | string, token: string) =>
  call(ctx.app, { method: 'GET', url: `/api/doctor/patients/${id}`, token });

describe('patient info for a psychologist', () => {
  it('shows a patient with a past or future session together, and not one whose only booking was cancelled', async () => {
    const doc = await createPsychologist(ctx.app);
    const past = await createPatient(ctx.app, { firstName: 'Anna', lastName: 'Melnyk', aboutMe: 'Teacher' });
    const future = await createPatient(ctx.app);
    const canceled = await createPatient(ctx.app);
    const base = { psychologistId: doc.id, start: '10:00', end: '11:00' };
    await insertAppointment(ctx.app, { ...base, patientId: past.id, date: dateFromToday(ctx.app, -10) });
    await insertAppointment(ctx.app, { ...base, patientId: future.id, date: dateFromToday(ctx.app, 3) });
    await insertAppointment(ctx.app, {
      ...base,
      patientId: canceled.id,
      date: dateFromToday(ctx.app, 4),
      status: 'CANCELED',
      reason: 'Sick',
    });
    const res = await patientInfo(past.id, doc.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: past.id,
      firstName: 'Anna',
      lastName: 'Melnyk',
      email: past.email,
      dateOfBirth: '1990-01-01',
      aboutMe: 'Teacher',
      therapyGoals: '',
      avatarUrl: null,
    });
    expect((await patientInfo(future.id, doc.token)).status).toBe(200);
    expect((await patientInfo(canceled.id, doc.token)).status).toBe(404);
  });

  it('fills blanks for a patient without a profile row and links an avatar once there is one', async () => {
    const doc = await createPsychologist(ctx.app);
    const bare = await createUser(ctx.app, { role: 'PATIENT' });
    await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: bare.id,
      date: dateFromToday(ctx.app, 2),
      start: '09:00',
      end: '10:00',
    });
    expect((await patientInfo(bare.id, doc.token)).body).toMatchObject({ aboutMe: '', therapyGoals: '', avatarUrl: null });
    await ctx.app.db.insert(patientProfiles).values({ userId: bare.id, aboutMe: 'Hi', therapyGoals: 'Sleep better' });
    await ctx.app.db.insert(avatars).values({ userId: bare.id, contentType: 'image/jpeg', data: new Uint8Array([255, 216]) });
    expect((await patientInfo(bare.id, doc.token)).body).toMatchObject({
      aboutMe: 'Hi',
      therapyGoals: 'Sleep better',
      avatarUrl: `/api/psychologist/profile/avatar/${bare.id}`,
    });
  });

  it('answers 404 for patients of other psychologists and unknown ids', async () => {
    const doc = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    const theirs = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: other.id,
      patientId: theirs.id,
      date: dateFromToday(ctx.app, 1),
      start: '10:00',
      end: '11:00',
    });
    const never = await createPatient(ctx.app);
    for (const id of [theirs.id, never.id, other.id, 2_000_000_000]) {
      const res = await patientInfo(id, doc.token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await patientInfo('abc', doc.token)).status).toBe(400);
  });

  it('admits only psychologists', async () => {
    const patient = await createPatient(ctx.app);
    expect((await patientInfo(patient.id, patient.token)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: `/api/doctor/patients/${patient.id}` })).status).toBe(401);
  });
});
