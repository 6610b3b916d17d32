import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const SPEC_ORDER = [
  'SYSTEMNA_TERAPIA',
  'KPT',
  'GESTALT_TERAPIA',
  'NLP',
  'PSYCHODINAMICHNA_TERAPIA',
  'TRAVMATERAPIA',
  'PSYCHODRAMA',
  'SYMBOLDRAMA',
  'NARATYVNA_PSYCHOLOGIA',
  'INTEGRATYVNA_PSYCHOTERAPIA',
  'POSYTYVNA_PSYCHOTERAPIA',
  'PSYCHOANALIZ',
  'EKZYSTENTSIALNY_ANALIZ_TA_LOGOTERAPIA',
  'TRANZAKTNY_ANALIZ',
  'ART_TERAPIA',
  'KLIENT_CENTROVANA_TERAPIA',
];

describe('GET /api/therapy-types', () => {
  it('lists the 16 codes in the order of the spec for every signed-in role', async () => {
    const users = [
      await createPatient(ctx.app),
      await createPsychologist(ctx.app),
      await createUser(ctx.app, { role: 'MANAGER' }),
      await createUser(ctx.app, { role: 'ADMIN' }),
      await createUser(ctx.app, { role: null }),
    ];
    for (const user of users) {
      const res = await call(ctx.app, { method: 'GET', url: '/api/therapy-types', token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(SPEC_ORDER);
    }
  });

  it('asks for a sign-in without a valid token', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/therapy-types' })).status).toBe(401);
    const bad = await call(ctx.app, { method: 'GET', url: '/api/therapy-types', token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
  });
});
