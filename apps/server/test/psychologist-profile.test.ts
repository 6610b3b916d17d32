import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psychologistProfiles, users } from '../src/db/schema/index.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { fileUpload, images } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

/** Made verified by staff (the test factory): approved, with no admin decision on record. */
const APPROVED = { state: 'APPROVED', reason: null, decidedAt: null };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const getProfile = (token?: string) => call(ctx.app, { method: 'GET', url: '/api/psychologist/profile', token });
const putProfile = (token: string | undefined, payload: object) =>
  call(ctx.app, { method: 'PUT', url: '/api/psychologist/profile', token, payload });

const valid = {
  firstName: 'Iryna',
  lastName: 'Shevchenko',
  experience: 8,
  therapyTypes: ['KPT', 'TRAVMATERAPIA'],
  languages: ['uk', 'en'],
  specialties: 'Anxiety, trauma',
  education: 'Taras Shevchenko National University of Kyiv',
  certificates: 'EMDR level 2',
  description: 'I work with adults who went through loss and trauma.',
};

describe('GET /api/psychologist/profile', () => {
  it('shows the names and profile fields, without an avatar at first', async () => {
    const psy = await createPsychologist(ctx.app, {
      firstName: 'Taras',
      lastName: 'Bondar',
      experience: 3,
      therapyTypes: ['NLP'],
    });
    const res = await getProfile(psy.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Taras',
      lastName: 'Bondar',
      experience: 3,
      therapyTypes: ['NLP'],
      languages: [],
      specialties: '',
      education: '',
      certificates: '',
      description: 'Test psychologist',
      avatarUrl: null,
      verified: true,
      verification: APPROVED,
      version: 1,
    });
  });

  it('gives empty fields to a psychologist who has no profile row yet', async () => {
    const psy = await createUser(ctx.app, { role: 'PSYCHOLOGIST', firstName: 'Nadia', lastName: 'Lysenko' });
    expect((await getProfile(psy.token)).body).toEqual({
      firstName: 'Nadia',
      lastName: 'Lysenko',
      experience: null,
      therapyTypes: [],
      languages: [],
      specialties: '',
      education: '',
      certificates: '',
      description: '',
      avatarUrl: null,
      verified: false,
      verification: { state: 'PENDING', reason: null, decidedAt: null },
      version: 1,
    });
  });

  it('points avatarUrl at the avatar once one is uploaded', async () => {
    const psy = await createPsychologist(ctx.app);
    await call(ctx.app, {
      method: 'POST',
      url: '/api/images/avatar',
      token: psy.token,
      ...fileUpload(images.jpeg, 'a.jpg', 'image/jpeg'),
    });
    expect((await getProfile(psy.token)).body.avatarUrl).toBe(`/api/psychologist/profile/avatar/${psy.id}`);
  });
});

describe('PUT /api/psychologist/profile', () => {
  it('saves every field, answers the saved profile and keeps the names on the user', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await putProfile(psy.token, valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...valid, avatarUrl: null, verified: true, verification: APPROVED, version: 2 });
    expect((await getProfile(psy.token)).body).toEqual(res.body);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, psy.id));
    expect([row.firstName, row.lastName]).toEqual(['Iryna', 'Shevchenko']);
  });

  it('creates the profile row when it is missing', async () => {
    const psy = await createUser(ctx.app, { role: 'PSYCHOLOGIST' });
    expect((await putProfile(psy.token, valid)).status).toBe(200);
    const rows = await ctx.app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, psy.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].experience).toBe(8);
  });

  it('trims texts, drops repeated therapy types and turns absent or null optional texts into empty ones', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await putProfile(psy.token, {
      firstName: '  Iryna ',
      lastName: ' Shevchenko',
      experience: 0,
      therapyTypes: ['KPT', 'NLP', 'KPT'],
      specialties: null,
      description: '  Calm.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Iryna',
      lastName: 'Shevchenko',
      experience: 0,
      therapyTypes: ['KPT', 'NLP'],
      specialties: '',
      education: '',
      certificates: '',
      description: 'Calm.',
    });
  });

  it('accepts the edges: experience 70, no therapy types, texts at their length limits', async () => {
    const psy = await createPsychologist(ctx.app);
    const payload = {
      ...valid,
      firstName: 'N'.repeat(100),
      experience: 70,
      therapyTypes: [],
      specialties: 's'.repeat(500),
      education: 'e'.repeat(5000),
      certificates: 'c'.repeat(5000),
      description: 'd'.repeat(5000),
    };
    const res = await putProfile(psy.token, payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...payload, avatarUrl: null, verified: true, verification: APPROVED, version: 2 });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a blank first name', { firstName: '   ' }, 'firstName'],
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['a blank last name', { lastName: '' }, 'lastName'],
    ['a last name over 100 characters', { lastName: 'L'.repeat(101) }, 'lastName'],
    ['a missing experience', { experience: undefined }, 'experience'],
    ['a null experience', { experience: null }, 'experience'],
    ['a negative experience', { experience: -1 }, 'experience'],
    ['an experience over 70', { experience: 71 }, 'experience'],
    ['a fractional experience', { experience: 2.5 }, 'experience'],
    ['an experience given as text', { experience: '5' }, 'experience'],
    ['an unknown therapy type', { therapyTypes: ['KPT', 'HOMEOPATHY'] }, 'therapyTypes.1'],
    ['therapy types that are not a list', { therapyTypes: 'KPT' }, 'therapyTypes'],
    ['specialties over 500 characters', { specialties: 's'.repeat(501) }, 'specialties'],
    ['education over 5000 characters', { education: 'e'.repeat(5001) }, 'education'],
    ['certificates over 5000 characters', { certificates: 'c'.repeat(5001) }, 'certificates'],
    ['a description over 5000 characters', { description: 'd'.repeat(5001) }, 'description'],
  ];

  it.each(refusals)('refuses %s with 400 naming the field, and changes nothing', async (_name, change, field) => {
    const psy = await createPsychologist(ctx.app);
    await putProfile(psy.token, valid);
    const res = await putProfile(psy.token, { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(`body.${field}`);
    expect((await getProfile(psy.token)).body).toEqual({
      ...valid,
      avatarUrl: null,
      verified: true,
      verification: APPROVED,
      version: 2,
    });
  });

  it('refuses a body that is not an object', async () => {
    const psy = await createPsychologist(ctx.app);
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await call(ctx.app, {
        method: 'PUT',
        url: '/api/psychologist/profile',
        token: psy.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });
});

describe('saving a profile changed elsewhere', () => {
  it('refuses a save of an older version with 409 STALE and keeps the newer one; a save naming none overwrites', async () => {
    const psy = await createPsychologist(ctx.app);
    const first = await putProfile(psy.token, { ...valid, description: 'tab one', version: 1 });
    expect(first.body).toMatchObject({ description: 'tab one', version: 2 });
    const second = await putProfile(psy.token, { ...valid, firstName: 'Other', description: 'tab two', version: 1 });
    expect(second).toMatchObject({ status: 409, body: { code: 'STALE' } });
    expect((await getProfile(psy.token)).body).toEqual(first.body);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, psy.id));
    expect(row.firstName).toBe('Iryna');
    expect((await putProfile(psy.token, { ...valid, description: 'spec client' })).body).toMatchObject({ version: 3 });
  });

  it('of ten saves sent at once with the same version, applies exactly one', async () => {
    const psy = await createPsychologist(ctx.app);
    const applied = await expectOneOfConcurrentWrites(10, (i) =>
      putProfile(psy.token, { ...valid, description: `save ${i}`, version: 1 }),
    );
    expect(applied.body.version).toBe(2);
    expect((await getProfile(psy.token)).body).toEqual(applied.body);
    const [stored] = await ctx.app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, psy.id));
    expect(stored.description).toBe(applied.body.description);
  });
});

describe('profile access', () => {
  it('refuses patients, managers and admins with 403, and a missing token with 401', async () => {
    const others = [
      await createPatient(ctx.app),
      await createUser(ctx.app, { role: 'MANAGER' }),
      await createUser(ctx.app, { role: 'ADMIN' }),
    ];
    for (const user of others) {
      expect((await getProfile(user.token)).status).toBe(403);
      const put = await putProfile(user.token, valid);
      expect(put.status).toBe(403);
      expect(put.body.code).toBe('FORBIDDEN');
    }
    expect((await getProfile()).status).toBe(401);
    expect((await putProfile(undefined, valid)).status).toBe(401);
  });

  it('refuses a disabled psychologist with 403', async () => {
    const psy = await createPsychologist(ctx.app, { enabled: false });
    const res = await getProfile(psy.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('DISABLED');
  });
});
