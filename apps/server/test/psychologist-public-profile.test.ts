import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { fileUpload, images } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const doctor = (id: number | string, token?: string) => call(ctx.app, { method: 'GET', url: `/api/doctors/${id}`, token });

describe('GET /api/doctors/{id}', () => {
  it('shows exactly the doctor info fields to any signed-in user', async () => {
    const psy = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/psychologist/profile',
      token: psy.token,
      payload: {
        firstName: 'Olena',
        lastName: 'Kovalenko',
        experience: 12,
        therapyTypes: ['GESTALT_TERAPIA', 'KPT'],
        specialties: 'Anxiety',
        education: 'Kyiv University, clinical psychology',
        certificates: 'Gestalt institute',
        description: 'I help adults with anxiety.',
      },
    });
    const expected = {
      firstName: 'Olena',
      lastName: 'Kovalenko',
      experience: 12,
      education: 'Kyiv University, clinical psychology',
      description: 'I help adults with anxiety.',
      specialties: 'Anxiety',
      certificates: 'Gestalt institute',
      therapyTypes: ['GESTALT_TERAPIA', 'KPT'],
      languages: [],
      avatarPath: null,
    };
    for (const role of ['PATIENT', 'PSYCHOLOGIST', 'MANAGER', 'ADMIN'] as const) {
      const viewer = await createUser(ctx.app, { role });
      const res = await doctor(psy.id, viewer.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  it('gives the avatar path once the doctor has an avatar', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await call(ctx.app, { method: 'POST', url: '/api/images/avatar', token: psy.token, ...fileUpload(images.png) });
    const res = await doctor(psy.id, patient.token);
    expect(res.body.avatarPath).toBe(`/api/psychologist/profile/avatar/${psy.id}`);
    expect((await call(ctx.app, { method: 'GET', url: res.body.avatarPath, token: patient.token })).status).toBe(200);
  });

  it('answers 404 for an unknown id, a patient, a manager and a disabled psychologist', async () => {
    const viewer = await createPatient(ctx.app);
    const otherPatient = await createPatient(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const disabled = await createPsychologist(ctx.app);
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    for (const id of [2_000_000_000, otherPatient.id, manager.id, disabled.id]) {
      const res = await doctor(id, viewer.token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('refuses a malformed id with 400 and a missing token with 401', async () => {
    const viewer = await createPatient(ctx.app);
    const psy = await createPsychologist(ctx.app);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) expect((await doctor(id, viewer.token)).status).toBe(400);
    expect((await doctor(psy.id)).status).toBe(401);
  });
});
