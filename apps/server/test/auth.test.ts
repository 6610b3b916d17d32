import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCodes, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { createPatient, createUser } from './factories.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

// Each call comes from its own address, so the per-client limits of this file's many calls never interfere.
let lastOctet = 0;
const clientIp = () => `10.1.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}`;

const requestCode = (payload: unknown, headers: Record<string, string> = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/auth/email/request-code',
    payload: payload as object,
    headers,
    remoteAddress: clientIp(),
  });
const verifyCode = (payload: unknown, headers: Record<string, string> = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/auth/email/verify-code',
    payload: payload as object,
    headers,
    remoteAddress: clientIp(),
  });
const login = (payload: unknown) =>
  call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: clientIp() });

async function mailedCode(email: string, headers: Record<string, string> = {}) {
  const res = await requestCode({ email }, headers);
  expect(res.status).toBe(200);
  return ctx.mail.codeFor(email);
}
const otherCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

describe('POST /api/auth/email/request-code', () => {
  it('mails a 6-digit code as one word and stores only its hash', async () => {
    const email = uniqueEmail();
    const res = await requestCode({ email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Verification code sent to ${email}` });
    const mails = ctx.mail.mailsTo(email);
    expect(mails).toHaveLength(1);
    const code = mails[0].text.match(/(?:^|\s)(\d{6})(?:\s|$)/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, email));
    expect(row.purpose).toBe('SIGN_IN');
    expect(row.codeHash).not.toContain(code);
    expect(row.attempts).toBe(0);
    const lifeMinutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(lifeMinutes).toBeGreaterThan(9.9);
    expect(lifeMinutes).toBeLessThanOrEqual(10.01);
  });

  it('trims and lower-cases the address', async () => {
    const email = uniqueEmail();
    const res = await requestCode({ email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(ctx.mail.mailsTo(email)).toHaveLength(1);
  });

  it('writes to a new address in the language the client prefers, else in English', async () => {
    const uk = uniqueEmail();
    await mailedCode(uk, { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.8' });
    expect(ctx.mail.mailsTo(uk)[0].text).toContain('Ваш код для входу в Rozmova');
    const en = uniqueEmail();
    await mailedCode(en, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(ctx.mail.mailsTo(en)[0].text).toContain('Your code to sign in to Rozmova');
    const preferred = uniqueEmail();
    await mailedCode(preferred, { 'accept-language': 'en;q=0.5, uk;q=0.8' });
    expect(ctx.mail.mailsTo(preferred)[0].text).toContain('Ваш код');
  });

  it("writes to an existing account in the account's language", async () => {
    const user = await createPatient(ctx.app);
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, user.id));
    await mailedCode(user.email, { 'accept-language': 'en' });
    expect(ctx.mail.mailsTo(user.email)[0].text).toContain('Ваш код');
  });

  it.each([
    ['a missing e-mail', {}],
    ['a blank e-mail', { email: '   ' }],
    ['a malformed e-mail', { email: 'not-an-email' }],
    ['an e-mail without domain', { email: 'someone@' }],
    ['a number', { email: 42 }],
    ['null', { email: null }],
    ['a list', { email: ['a@b.test'] }],
    ['an over-long e-mail', { email: `${'a'.repeat(250)}@example.test` }],
    ['an array body', [{ email: 'a@b.test' }]],
  ])('refuses %s with 400 VALIDATION naming the field', async (_name, payload) => {
    const res = await requestCode(payload);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.[0]?.field).toMatch(/^body/);
  });

  it('refuses broken JSON, plain text, an empty body, multipart and unknown content types without a 500', async () => {
    const send = (payload: string, type?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload,
        headers: type ? { 'content-type': type } : {},
        remoteAddress: clientIp(),
      });
    expect((await send('{"email":', 'application/json')).statusCode).toBe(400);
    expect((await send('a@b.test', 'text/plain')).statusCode).toBe(400);
    expect((await send('', 'application/json')).statusCode).toBe(400);
    expect((await send('')).statusCode).toBe(400);
    const xml = await send('<email>a@b.test</email>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA' });
    // Multipart is parsed on the avatar upload only.
    const form = await send(
      '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--b--\r\n',
      'multipart/form-data; boundary=b',
    );
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA' });
  });

  it('sends nothing to the placeholder addresses of messaging-app accounts', async () => {
    const res = await requestCode({ email: 'tg-12345@users.rozmova.invalid' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'email' }] });
    expect(ctx.mail.mailsTo('tg-12345@users.rozmova.invalid')).toHaveLength(0);
  });
});

describe('POST /api/auth/email/verify-code', () => {
  it('creates an account for a new address: no role, profile incomplete, usable token', async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email, { 'accept-language': 'uk' });
    const res = await verifyCode({ email, code }, { 'accept-language': 'uk' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), email, role: null, profileCompleted: false });
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: res.body.token });
    expect(me.body).toMatchObject({ email, firstName: '', lastName: '' });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: null, profileCompleted: false, enabled: true, locale: 'uk', emailAutoGenerated: false });
  });

  it('signs an existing account in with its role, whatever the case of the address', async () => {
    const user = await createPatient(ctx.app);
    const code = await mailedCode(user.email);
    const res = await verifyCode({ email: user.email.toUpperCase(), code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, role: 'ROLE_PATIENT', profileCompleted: true });
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: res.body.token });
    expect(me.body.id).toBe(user.id);
  });

  it('accepts a code once only', async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);
    expect((await verifyCode({ email, code })).status).toBe(200);
    const again = await verifyCode({ email, code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ statusCode: 400, code: 'BAD_CODE' });
  });

  it('answers BAD_CODE to a wrong code, counts the try, and still takes the right one', async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);
    const wrong = await verifyCode({ email, code: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'BAD_CODE', message: 'Wrong code. 4 tries left' });
    const [row] = await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, email));
    expect(row.attempts).toBe(1);
    expect((await verifyCode({ email, code })).status).toBe(200);
  });

  it('answers BAD_CODE when no code was requested for the address', async () => {
    const res = await verifyCode({ email: uniqueEmail(), code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_CODE');
  });

  it('answers BAD_CODE to an expired code', async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);
    await ctx.app.db
      .update(signInCodes)
      .set({ expiresAt: new Date(ctx.app.clock.instant().getTime() - 1000) })
      .where(eq(signInCodes.email, email));
    const res = await verifyCode({ email, code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_CODE');
  });

  it('replaces the previous code with a new one', async () => {
    const email = uniqueEmail();
    const first = await mailedCode(email);
    const second = await mailedCode(email);
    expect(ctx.mail.mailsTo(email)).toHaveLength(2);
    expect(await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, email))).toHaveLength(1);
    if (first !== second) expect((await verifyCode({ email, code: first })).body.code).toBe('BAD_CODE');
    expect((await verifyCode({ email, code: second })).status).toBe(200);
  });

  it('kills a code after 5 wrong tries: 400 BAD_CODE five times, then 429 even for the right code', async () => {
    const email = uniqueEmail();
    const code = await mailedCode(email);
    for (let i = 1; i <= 5; i++) {
      const res = await verifyCode({ email, code: otherCode(code) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_CODE');
    }
    const dead = await verifyCode({ email, code });
    expect(dead.status).toBe(429);
    expect(dead.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(dead.headers['retry-after'])).toBeGreaterThan(0);
    const fresh = await mailedCode(email);
    expect((await verifyCode({ email, code: fresh })).status).toBe(200);
  });

  it('mails a disabled account a notice instead of a code, and answers as for any address', async () => {
    const user = await createPatient(ctx.app, { enabled: false });
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, user.id));
    const res = await requestCode({ email: user.email });
    expect([res.status, res.body]).toEqual([200, { message: `Verification code sent to ${user.email}` }]);
    const [mail] = ctx.mail.mailsTo(user.email);
    expect(mail.subject).toBe('Ваш обліковий запис Rozmova вимкнено');
    expect(mail.text).toContain('support@rozmova.app');
    expect(mail.text).not.toMatch(/\d{6}/);
    expect(await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, user.email))).toHaveLength(0);
  });

  it('refuses a code mailed before the account was disabled with 403 DISABLED', async () => {
    const user = await createPatient(ctx.app);
    const code = await mailedCode(user.email);
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    const res = await verifyCode({ email: user.email, code });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'DISABLED' });
  });

  it.each([
    ['a short code', { code: '12345' }],
    ['a long code', { code: '1234567' }],
    ['letters', { code: 'abcdef' }],
    ['a number', { code: 123456 }],
    ['a missing code', { code: undefined }],
    ['a missing e-mail', { email: undefined, code: '123456' }],
    ['a malformed e-mail', { email: 'nope', code: '123456' }],
  ])('refuses %s with 400 VALIDATION', async (_name, override) => {
    const res = await verifyCode({ email: uniqueEmail(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });
});

describe('POST /api/auth/login', () => {
  const password = 'correct horse battery';
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword(password);
  });

  it('signs in with the right password, whatever the case of the address', async () => {
    const user = await createUser(ctx.app, { role: 'PSYCHOLOGIST', passwordHash });
    const res = await login({ email: user.email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), email: user.email, role: 'ROLE_PSYCHOLOGIST', profileCompleted: true });
    const role = await call(ctx.app, { method: 'GET', url: '/api/user/role', token: res.body.token });
    expect(role.body).toEqual({ role: 'ROLE_PSYCHOLOGIST' });
  });

  it('answers a wrong password, an unknown e-mail and an account without password identically', async () => {
    const user = await createUser(ctx.app, { passwordHash });
    const noPassword = await createUser(ctx.app);
    const answers = [
      await login({ email: user.email, password: 'wrong password' }),
      await login({ email: uniqueEmail(), password }),
      await login({ email: noPassword.email, password }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'BAD_CREDENTIALS', message: 'Wrong e-mail or password' });
    }
  });

  it('stores passwords as salted scrypt hashes', async () => {
    const again = await hashPassword(password);
    expect(again).toMatch(/^scrypt\$/);
    expect(again).not.toBe(passwordHash);
    expect(again).not.toContain(password);
  });

  it('refuses a disabled account with 403 DISABLED, but only with the right password', async () => {
    const user = await createUser(ctx.app, { passwordHash, enabled: false });
    const right = await login({ email: user.email, password });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('DISABLED');
    expect((await login({ email: user.email, password: 'wrong password' })).status).toBe(401);
  });

  it.each([
    ['a missing password', { password: undefined }],
    ['an empty password', { password: '' }],
    ['an over-long password', { password: 'x'.repeat(201) }],
    ['a numeric password', { password: 12345678 }],
    ['a malformed e-mail', { email: 'nope' }],
    ['a missing e-mail', { email: undefined }],
  ])('refuses %s with 400 VALIDATION', async (_name, override) => {
    const res = await login({ email: uniqueEmail(), password, ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });
});
