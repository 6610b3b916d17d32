import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, users } from '../src/db/schema/index.js';
import { dateFromToday } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const getProfile = (token: string) => call(ctx.app, { method: 'GET', url: '/api/patient/profile', token });
const putProfile = (token: string, payload: object) =>
  call(ctx.app, { method: 'PUT', url: '/api/patient/profile', token, payload });
const valid = {
  firstName: 'Sofiia',
  lastName: 'Tkachenko',
  dateOfBirth: '1995-06-15',
  aboutMe: 'Designer',
  therapyGoals: 'Less anxiety',
};

describe('patient profile', () => {
  it('reads the profile of a new patient', async () => {
    const patient = await createPatient(ctx.app, { firstName: 'Taras', lastName: 'Hnatiuk' });
    const res = await getProfile(patient.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Taras',
      lastName: 'Hnatiuk',
      dateOfBirth: '1990-01-01',
      aboutMe: '',
      therapyGoals: '',
      avatarUrl: null,
      country: null,
      crisisCountry: 'UA',
      version: 1,
    });
  });

  it('saves names and birth date on the account and the rest on the profile, created when missing', async () => {
    const patient = await createUser(ctx.app, { role: 'PATIENT' });
    const res = await putProfile(patient.token, { ...valid, firstName: '  Sofiia ', aboutMe: ' Designer ' });
    expect(res.status).toBe(200);
    const expected = { ...valid, avatarUrl: null, country: null, crisisCountry: 'UA', version: 2 };
    expect(res.body).toEqual(expected);
    expect((await getProfile(patient.token)).body).toEqual(expected);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, patient.id));
    expect(row).toMatchObject({ firstName: 'Sofiia', lastName: 'Tkachenko', birthDate: '1995-06-15' });

    const cleared = await putProfile(patient.token, { firstName: 'Sofiia', lastName: 'T', dateOfBirth: '' });
    expect(cleared.body).toMatchObject({ dateOfBirth: '', aboutMe: '', therapyGoals: '' });
  });

  it('accepts today and shows the avatar link once there is an avatar', async () => {
    const patient = await createPatient(ctx.app);
    await ctx.app.db.insert(avatars).values({ userId: patient.id, contentType: 'image/png', data: new Uint8Array([137, 80]) });
    const res = await putProfile(patient.token, { ...valid, dateOfBirth: dateFromToday(ctx.app, 0) });
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toBe(`/api/psychologist/profile/avatar/${patient.id}`);
  });

  it('refuses blank names, future or malformed birth dates and texts over the limits, changing nothing', async () => {
    const patient = await createPatient(ctx.app, { firstName: 'Kept' });
    for (const payload of [
      { ...valid, firstName: '   ' },
      { ...valid, lastName: undefined },
      { ...valid, dateOfBirth: dateFromToday(ctx.app, 1) },
      { ...valid, dateOfBirth: '2001-02-29' },
      { ...valid, dateOfBirth: '15.06.1995' },
      { ...valid, aboutMe: 'a'.repeat(5001) },
      { ...valid, therapyGoals: 'a'.repeat(5001) },
      { ...valid, firstName: 'a'.repeat(101) },
    ]) {
      const res = await putProfile(patient.token, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.fields.length).toBeGreaterThan(0);
    }
    expect((await getProfile(patient.token)).body.firstName).toBe('Kept');
  });

  it('refuses a save of an older version with 409 STALE and keeps the newer one; a save naming none overwrites', async () => {
    const patient = await createPatient(ctx.app);
    const first = await putProfile(patient.token, { ...valid, aboutMe: 'tab one', version: 1 });
    expect(first.body).toMatchObject({ aboutMe: 'tab one', version: 2 });
    const second = await putProfile(patient.token, { ...valid, lastName: 'Other', aboutMe: 'tab two', version: 1 });
    expect(second).toMatchObject({ status: 409, body: { code: 'STALE' } });
    expect((await getProfile(patient.token)).body).toEqual(first.body);
    expect((await putProfile(patient.token, valid)).body).toMatchObject({ aboutMe: 'Designer', version: 3 });
  });

  it('of ten saves sent at once with the same version, applies exactly one', async () => {
    const patient = await createPatient(ctx.app);
    const applied = await expectOneOfConcurrentWrites(10, (i) =>
      putProfile(patient.token, { ...valid, aboutMe: `save ${i}`, version: 1 }),
    );
    expect(applied.body.version).toBe(2);
    expect((await getProfile(patient.token)).body).toEqual(applied.body);
  });

  it('admits only patients', async () => {
    const doc = await createPsychologist(ctx.app);
    expect((await getProfile(doc.token)).status).toBe(403);
    expect((await putProfile(doc.token, valid)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/patient/profile' })).status).toBe(401);
  });
});
