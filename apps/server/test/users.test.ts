import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { upsertAccount } from '../src/modules/users/service.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  call(ctx.app, { method: 'GET', url, token, headers });

describe('GET /api/user/role', () => {
  it('names the role with the ROLE_ prefix', async () => {
    for (const role of ['PATIENT', 'PSYCHOLOGIST', 'MANAGER', 'ADMIN'] as const) {
      const user = await createUser(ctx.app, { role });
      const res = await get('/api/user/role', user.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ role: `ROLE_${role}` });
    }
  });

  it('answers null for an account that has not chosen a role yet', async () => {
    const user = await createUser(ctx.app, { role: null });
    expect((await get('/api/user/role', user.token)).body).toEqual({ role: null });
  });
});

describe('GET /api/user/me', () => {
  it("answers exactly id, names, e-mail and time zone, the platform's until the account sets one", async () => {
    const user = await createPsychologist(ctx.app, { firstName: 'Olha', lastName: 'Petrenko' });
    const res = await get('/api/user/me', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      firstName: 'Olha',
      lastName: 'Petrenko',
      email: user.email,
      timeZone: ctx.app.config.timeZone,
      timeZoneSet: false,
      language: 'en',
    });
  });

  it("lets an admin made without onboarding take their browser's zone at the first sign-in", async () => {
    const email = `berlin-admin-${Date.now()}@example.test`;
    await upsertAccount(ctx.app, { email, role: 'ADMIN', password: 'berlin-admin-password', firstName: 'Bea' });
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'berlin-admin-password' },
    });
    expect(login.status).toBe(200);
    const first = await get('/api/user/me', login.body.token);
    expect(first.body).toMatchObject({ timeZone: ctx.app.config.timeZone, timeZoneSet: false });

    const put = await call(ctx.app, {
      method: 'PUT',
      url: '/api/user/time-zone',
      token: login.body.token,
      payload: { timeZone: 'Europe/Berlin' },
    });
    expect(put.status).toBe(200);
    expect((await get('/api/user/me', login.body.token)).body).toMatchObject({ timeZone: 'Europe/Berlin', timeZoneSet: true });
  });
});

describe('PUT /api/user/time-zone', () => {
  const put = (token: string, payload: unknown) =>
    call(ctx.app, { method: 'PUT', url: '/api/user/time-zone', token, payload: payload as object });

  it('sets the zone, which /user/me answers at once', async () => {
    const user = await createPatient(ctx.app);
    expect((await get('/api/user/me', user.token)).body.timeZone).toBe('Europe/Kyiv');
    for (const timeZone of ['Europe/Warsaw', 'America/New_York', 'UTC']) {
      const res = await put(user.token, { timeZone });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ timeZone });
      expect((await get('/api/user/me', user.token)).body.timeZone).toBe(timeZone);
    }
  });

  it('refuses what is not an IANA zone with 400 naming the field, and keeps the old one', async () => {
    const user = await createPatient(ctx.app);
    expect((await put(user.token, { timeZone: 'Europe/Warsaw' })).status).toBe(200);
    for (const payload of [
      { timeZone: 'Mars/Olympus' },
      { timeZone: '+01:00' },
      { timeZone: '' },
      { timeZone: 'Europe/Warsaw; drop table users' },
      { timeZone: 42 },
      {},
    ]) {
      const res = await put(user.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('timeZone');
    }
    expect((await get('/api/user/me', user.token)).body.timeZone).toBe('Europe/Warsaw');
  });
});

describe('signed-in checks', () => {
  it.each(['/api/user/role', '/api/user/me'])('%s needs a bearer token', async (url) => {
    const user = await createPatient(ctx.app);
    const expected = { statusCode: 401, code: 'UNAUTHORIZED' };
    expect((await get(url)).body).toMatchObject(expected);
    expect((await get(url, undefined, { authorization: `Token ${user.token}` })).body).toMatchObject(expected);
    expect((await get(url, 'not-a-jwt')).body).toMatchObject(expected);
  });

  it('refuses a disabled account at once with 403 DISABLED', async () => {
    const user = await createPatient(ctx.app);
    expect((await get('/api/user/me', user.token)).status).toBe(200);
    // A write straight to the table must be announced, as the services do, or the session cache serves the old row.
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    for (const url of ['/api/user/me', '/api/user/role']) {
      const res = await get(url, user.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: 'DISABLED' });
    }
    await ctx.app.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    expect((await get('/api/user/me', user.token)).status).toBe(200);
  });

  it('refuses the token of a deleted account with 401', async () => {
    const user = await createPatient(ctx.app);
    await ctx.app.db.delete(users).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    expect((await get('/api/user/me', user.token)).status).toBe(401);
  });
});

describe('PUT /api/user/language', () => {
  const put = (token: string, payload: unknown) =>
    call(ctx.app, { method: 'PUT', url: '/api/user/language', token, payload: payload as object });

  it('sets the one language of the account, which /user/me answers on any device and its mail follows', async () => {
    const user = await createPatient(ctx.app);
    expect((await get('/api/user/me', user.token)).body.language).toBe('en');
    const res = await put(user.token, { language: 'uk' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'uk' });
    // Another device: a session of its own, whose browser asks for English.
    const other = await ctx.app.tokens.issue(user.id);
    expect((await get('/api/user/me', other, { 'accept-language': 'en-US' })).body.language).toBe('uk');
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: user.email },
      headers: { 'accept-language': 'en-US' },
    });
    expect(sent.status).toBe(200);
    const [mail] = await ctx.mail.waitForMails(user.email, 1);
    expect(mail.subject).toContain('Ваш код для входу в Rozmova');
  });

  it('refuses a language the platform does not write in with 400 naming the field, and keeps the old one', async () => {
    const user = await createPatient(ctx.app);
    expect((await put(user.token, { language: 'uk' })).status).toBe(200);
    for (const payload of [{ language: 'de' }, { language: '' }, { language: 7 }, {}]) {
      const res = await put(user.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('language');
    }
    expect((await get('/api/user/me', user.token)).body.language).toBe('uk');
  });
});
