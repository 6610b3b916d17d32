import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaRecoveryCodes, mfaTotp } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

const PASSWORD = 'correct horse battery';
let ctx: TestContext;
let passwordHash: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => ctx.close());

let clientNo = 0;
/** Each sign-in from an address of its own, so the per-client limits of one test never reach another. */
const clientIp = () => `10.42.${Math.floor(++clientNo / 250)}.${(clientNo % 250) + 1}`;
const post = (url: string, payload?: object, token?: string) =>
  call(ctx.app, { method: 'POST', url, payload, token, remoteAddress: clientIp() });
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(ctx.app.clock.instant().getTime() / 1000) + offsetSeconds });

/** An account with a password and a confirmed authenticator app; answers its secret and recovery codes. */
async function enrolled(user: TestUser) {
  const setup = await post('/api/user/mfa/totp', undefined, user.token);
  expect(setup.status).toBe(200);
  const confirmed = await post('/api/user/mfa/totp/confirm', { code: await codeAt(setup.body.secret) }, user.token);
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const firstStep = (email: string) => post('/api/auth/login', { email, password: PASSWORD });

describe('authenticator app (TOTP) enrolment', () => {
  it('answers a secret and an otpauth URL, turns on with a right code only and gives ten recovery codes once', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const setup = await post('/api/user/mfa/totp', undefined, user.token);
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rozmova:.+\?secret=[A-Z2-7]+&issuer=Rozmova$/);
    expect(setup.body.otpauthUrl).toContain(setup.body.secret);

    const wrong = await post('/api/user/mfa/totp/confirm', { code: '000000' }, user.token);
    expect([wrong.status, wrong.body.code]).toEqual([400, 'BAD_CODE']);
    // Not yet on: signing in still takes the password alone.
    expect((await firstStep(user.email)).body.token).toEqual(expect.any(String));

    const confirmed = await post('/api/user/mfa/totp/confirm', { code: await codeAt(setup.body.secret) }, user.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const status = await call(ctx.app, { method: 'GET', url: '/api/user/mfa', token: user.token });
    expect(status.body).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: 0, required: false });

    // The secret is sealed at rest and the codes kept only as hashes.
    const [row] = await ctx.app.db.select().from(mfaTotp).where(eq(mfaTotp.userId, user.id));
    expect(Buffer.from(row.secret).toString('latin1')).not.toContain(setup.body.secret);
    const hashes = await ctx.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(hashes.map((h) => h.codeHash)).not.toContain(confirmed.body.recoveryCodes[0]);
    // A second enrolment while one is on is refused.
    expect((await post('/api/user/mfa/totp', undefined, user.token)).status).toBe(409);
  });
});

describe('the second step of a sign-in', () => {
  it('password, e-mail code: each answers mfaRequired and an mfaToken, and no token that reaches data', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { secret } = await enrolled(user);
    const first = await firstStep(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['TOTP'] });
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/me', token: first.body.mfaToken })).status).toBe(401);

    expect((await post('/api/auth/email/request-code', { email: user.email })).status).toBe(200);
    const byCode = await post('/api/auth/email/verify-code', { email: user.email, code: await ctx.mail.codeFor(user.email) });
    expect(byCode.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['TOTP'] });

    ctx.setNow('2026-03-11 10:21');
    const second = await post('/api/auth/mfa', { mfaToken: byCode.body.mfaToken, code: await codeAt(secret) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token: expect.any(String), email: user.email, role: 'ROLE_PATIENT' });
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/me', token: second.body.token })).status).toBe(200);
    // An mfaToken is spent by its right answer.
    const again = await post('/api/auth/mfa', { mfaToken: byCode.body.mfaToken, code: await codeAt(secret, 30) });
    expect([again.status, again.body.code]).toEqual([401, 'BAD_TOKEN']);
    ctx.setNow('2026-03-11 10:20');
  });

  it('refuses a code used once already (replay), even within its window and on a new sign-in', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { secret } = await enrolled(user);
    ctx.setNow('2026-03-11 10:25');
    const code = await codeAt(secret);
    const ok = await post('/api/auth/mfa', { mfaToken: (await firstStep(user.email)).body.mfaToken, code });
    expect(ok.status).toBe(200);
    const replay = await post('/api/auth/mfa', { mfaToken: (await firstStep(user.email)).body.mfaToken, code });
    expect([replay.status, replay.body.code]).toEqual([400, 'BAD_CODE']);
    // An older code (the step before) is refused too once a newer one was taken.
    const older = await post('/api/auth/mfa', {
      mfaToken: (await firstStep(user.email)).body.mfaToken,
      code: await codeAt(secret, -30),
    });
    expect(older.status).toBe(400);
    ctx.setNow('2026-03-11 10:20');
  });

  it('allows one step of clock drift either way, not more', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { secret } = await enrolled(user);
    ctx.setNow('2026-03-11 10:30');
    const far = await post('/api/auth/mfa', {
      mfaToken: (await firstStep(user.email)).body.mfaToken,
      code: await codeAt(secret, -90),
    });
    expect(far.status).toBe(400);
    const farAhead = await post('/api/auth/mfa', {
      mfaToken: (await firstStep(user.email)).body.mfaToken,
      code: await codeAt(secret, 90),
    });
    expect(farAhead.status).toBe(400);
    const late = await post('/api/auth/mfa', {
      mfaToken: (await firstStep(user.email)).body.mfaToken,
      code: await codeAt(secret, -30),
    });
    expect(late.status).toBe(200);
    const early = await post('/api/auth/mfa', {
      mfaToken: (await firstStep(user.email)).body.mfaToken,
      code: await codeAt(secret, 30),
    });
    expect(early.status).toBe(200);
    ctx.setNow('2026-03-11 10:20');
  });

  it('takes a recovery code once, in any case and without its dash', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { recoveryCodes } = await enrolled(user);
    const typed = recoveryCodes[3].toUpperCase().replace('-', '');
    const ok = await post('/api/auth/mfa', { mfaToken: (await firstStep(user.email)).body.mfaToken, code: typed });
    expect(ok.status).toBe(200);
    const twice = await post('/api/auth/mfa', { mfaToken: (await firstStep(user.email)).body.mfaToken, code: recoveryCodes[3] });
    expect([twice.status, twice.body.code]).toEqual([400, 'BAD_CODE']);
    const status = await call(ctx.app, { method: 'GET', url: '/api/user/mfa', token: ok.body.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('refuses a challenge after five wrong codes and the account after ten, the right code too', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { secret } = await enrolled(user);
    const { mfaToken } = (await firstStep(user.email)).body;
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/mfa', { mfaToken, code: '000000' })).status).toBe(400);
    const locked = await post('/api/auth/mfa', { mfaToken, code: await codeAt(secret, 30) });
    expect([locked.status, locked.body.code]).toEqual([429, 'RATE_LIMITED']);
    const next = (await firstStep(user.email)).body.mfaToken;
    for (let i = 0; i < 5; i++) await post('/api/auth/mfa', { mfaToken: next, code: '000000' });
    const fresh = (await firstStep(user.email)).body.mfaToken;
    const account = await post('/api/auth/mfa', { mfaToken: fresh, code: await codeAt(secret, 30) });
    expect(account.status).toBe(429);
  });

  it('answers 400 with the field for a malformed code and 401 for an unknown mfaToken', async () => {
    const bad = await post('/api/auth/mfa', { mfaToken: 'x', code: '12' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'body.code' })]);
    const unknown = await post('/api/auth/mfa', { mfaToken: 'nope', code: '123456' });
    expect(unknown.status).toBe(401);
  });
});

describe('turning the authenticator app off and re-check windows', () => {
  it('asks for a fresh check after 10 minutes, by code or password, then turns it off', async () => {
    const user = await createPatient(ctx.app, { passwordHash });
    const { secret } = await enrolled(user);
    ctx.setNow('2026-03-11 10:31');
    const late = await call(ctx.app, { method: 'DELETE', url: '/api/user/mfa/totp', token: user.token });
    expect([late.status, late.body.code]).toEqual([403, 'RECHECK_REQUIRED']);
    expect((await post('/api/user/recheck', { password: 'wrong-password' }, user.token)).status).toBe(400);
    expect((await post('/api/user/recheck', { code: await codeAt(secret) }, user.token)).status).toBe(204);
    const off = await call(ctx.app, { method: 'DELETE', url: '/api/user/mfa/totp', token: user.token });
    expect(off.status).toBe(204);
    expect((await firstStep(user.email)).body.token).toEqual(expect.any(String));
    ctx.setNow('2026-03-11 10:45');
    expect((await post('/api/user/mfa/recovery-codes', undefined, user.token)).body.code).toBe('RECHECK_REQUIRED');
    expect((await post('/api/user/recheck', { password: PASSWORD }, user.token)).status).toBe(204);
    expect((await post('/api/user/mfa/recovery-codes', undefined, user.token)).status).toBe(409);
    ctx.setNow('2026-03-11 10:20');
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await buildTestApp({ MFA_REQUIRED_ROLES: 'ADMIN,MANAGER,PSYCHOLOGIST' });
  });
  afterAll(() => strict.close());

  it('lets a staff session without a second factor reach only enrolment, on every staff route; enrolling opens the rest', async () => {
    const psy = await createPsychologist(strict.app, { passwordHash });
    const open = new Set([
      '/api/user/me',
      '/api/user/role',
      '/api/auth/logout',
      '/api/user/mfa',
      '/api/user/mfa/totp',
      '/api/user/mfa/totp/confirm',
      '/api/user/passkeys',
      '/api/user/passkeys/options',
    ]);
    const routes = strict.app
      .apiRoutes()
      .filter((r) => r.access !== 'public' && r.access !== 'integration' && r.method !== 'HEAD' && !open.has(r.url))
      .filter((r) => r.access === 'signed-in' || r.access.includes('PSYCHOLOGIST'));
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await call(strict.app, { method: r.method as 'GET', url, token: psy.token });
      expect([`${r.method} ${r.url}`, res.status, res.body?.code]).toEqual([
        `${r.method} ${r.url}`,
        403,
        'MFA_ENROLMENT_REQUIRED',
      ]);
    }
    const status = await call(strict.app, { method: 'GET', url: '/api/user/mfa', token: psy.token });
    expect(status.body).toMatchObject({ required: true, enrolmentRequired: true, totp: false });
    const patient = await createPatient(strict.app);
    expect((await call(strict.app, { method: 'GET', url: '/api/patient/profile', token: patient.token })).status).not.toBe(403);

    const setup = await call(strict.app, { method: 'POST', url: '/api/user/mfa/totp', token: psy.token });
    const code = await generate({ secret: setup.body.secret, epoch: Math.floor(strict.app.clock.instant().getTime() / 1000) });
    const confirmed = await call(strict.app, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code },
      token: psy.token,
    });
    expect(confirmed.status).toBe(200);
    const profile = await call(strict.app, { method: 'GET', url: '/api/psychologist/profile', token: psy.token });
    expect(profile.status).toBe(200);
    // A role that must have a second factor cannot turn its only one off.
    const off = await call(strict.app, { method: 'DELETE', url: '/api/user/mfa/totp', token: psy.token });
    expect([off.status, off.body.code]).toEqual([409, 'CONFLICT']);
  });
});
