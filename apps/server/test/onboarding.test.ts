import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientProfiles, psychologistProfiles, signInCodes, users } from '../src/db/schema/index.js';
import { createPatient, createUser } from './factories.js';
import { buildTestApp, call, MAGIC_SECRET, TEST_NOW, type TestContext, uniqueEmail } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

let lastOctet = 0;
const clientIp = () => `10.2.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}`;

const sendCode = (token: string, payload: string, contentType = 'text/plain', headers: Record<string, string> = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/onboarding/email/send-code',
    payload,
    token,
    headers: { 'content-type': contentType, ...headers },
    remoteAddress: clientIp(),
  });
const confirm = (token: string, payload: unknown) =>
  call(ctx.app, { method: 'POST', url: '/api/onboarding/email/confirm', payload: payload as object, token });
const onboard = (token: string, payload: unknown) =>
  call(ctx.app, { method: 'PUT', url: '/api/onboarding', payload: payload as object, token });
const newAccount = () => createUser(ctx.app, { role: null });

async function mailedCode(token: string, email: string) {
  const res = await sendCode(token, email);
  expect(res.status).toBe(200);
  return ctx.mail.codeFor(email);
}

const patientBody = {
  role: 'PATIENT',
  firstName: 'Mariia',
  lastName: 'Koval',
  birthDate: '1994-06-02',
  language: 'uk',
  aboutMe: 'I am a teacher.',
  therapyGoals: 'Sleep better.',
  experience: null,
};
const psychologistBody = {
  role: 'PSYCHOLOGIST',
  firstName: 'Petro',
  lastName: 'Ivanenko',
  birthDate: '1980-01-15',
  language: 'en',
  experience: 11,
  description: 'I help adults with anxiety.',
  specialties: 'Anxiety',
  education: 'Kyiv University',
  certificates: 'CBT',
  therapyTypes: ['KPT', 'GESTALT_TERAPIA', 'KPT'],
};

describe('POST /api/onboarding/email/send-code', () => {
  it('mails a confirmation code to the address given as plain text', async () => {
    const user = await newAccount();
    const email = uniqueEmail();
    const res = await sendCode(user.token, ` ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Verification code sent to ${email}` });
    const text = ctx.mail.mailsTo(email)[0].text;
    expect(text).toContain('confirm your e-mail');
    expect(text).toMatch(/(?:^|\s)\d{6}(?:\s|$)/);
    const [row] = await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, email));
    expect(row).toMatchObject({ purpose: 'CONFIRM_EMAIL', userId: user.id });
  });

  it('also reads the address sent as a JSON string', async () => {
    const user = await newAccount();
    for (const [payload, type] of [
      ['"%s"', 'application/json'],
      ['"%s"', 'text/plain'],
    ]) {
      const email = uniqueEmail();
      expect((await sendCode(user.token, payload.replace('%s', email), type)).status).toBe(200);
      expect(ctx.mail.mailsTo(email)).toHaveLength(1);
    }
  });

  it('writes in the language the client prefers', async () => {
    const user = await newAccount();
    const email = uniqueEmail();
    await sendCode(user.token, email, 'text/plain', { 'accept-language': 'uk' });
    expect(ctx.mail.mailsTo(email)[0].text).toContain('підтвердити свою електронну адресу');
  });

  it.each([
    ['an empty body', ''],
    ['a blank address', '   '],
    ['a malformed address', 'not an e-mail'],
    ['an over-long address', `${'a'.repeat(250)}@example.test`],
    ['a placeholder address', 'tg-1@users.rozmova.invalid'],
  ])('refuses %s with 400 on the body', async (_name, payload) => {
    const user = await newAccount();
    const res = await sendCode(user.token, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', fields: [{ field: 'body' }] });
  });

  it('refuses a JSON object, a number and unknown content types', async () => {
    const user = await newAccount();
    expect((await sendCode(user.token, JSON.stringify({ email: uniqueEmail() }), 'application/json')).status).toBe(400);
    expect((await sendCode(user.token, '42', 'application/json')).status).toBe(400);
    expect((await sendCode(user.token, 'x'.repeat(5000))).status).toBe(413);
    const xml = await sendCode(user.token, uniqueEmail(), 'application/xml');
    expect(xml.status).toBe(415);
  });

  it("answers another account's address exactly like a free one; its owner gets a notice without a code", async () => {
    const user = await newAccount();
    const other = await createPatient(ctx.app);
    const free = uniqueEmail();
    const taken = await sendCode(user.token, other.email);
    const open = await sendCode(user.token, free);
    expect(taken.status).toBe(open.status);
    expect(taken.body).toEqual({ message: `Verification code sent to ${other.email}` });
    const [notice] = ctx.mail.mailsTo(other.email);
    expect(notice.text).toContain('already belongs to an account');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    const codes = await ctx.app.db.select().from(signInCodes).where(eq(signInCodes.email, other.email));
    expect(codes).toEqual([]);
  });

  it('needs a signed-in, enabled account', async () => {
    expect((await sendCode('', uniqueEmail())).status).toBe(401);
    const disabled = await createUser(ctx.app, { role: null, enabled: false });
    expect((await sendCode(disabled.token, uniqueEmail())).body.code).toBe('DISABLED');
  });
});

describe('POST /api/onboarding/email/confirm', () => {
  it('gives the account the confirmed address and answers a fresh session', async () => {
    const user = await newAccount();
    const email = uniqueEmail();
    const code = await mailedCode(user.token, email);
    const res = await confirm(user.token, { email, code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), email, role: null, profileCompleted: false });
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: res.body.token });
    expect(me.body).toMatchObject({ id: user.id, email });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailAutoGenerated).toBe(false);
    expect((await confirm(user.token, { email, code })).body.code).toBe('BAD_CODE');
  });

  it('answers code BAD_CODE to a wrong code', async () => {
    const user = await newAccount();
    const email = uniqueEmail();
    const code = await mailedCode(user.token, email);
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    const res = await confirm(user.token, { email, code: wrong });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'BAD_CODE' });
  });

  it("does not take another account's code, nor a sign-in code", async () => {
    const owner = await newAccount();
    const thief = await newAccount();
    const email = uniqueEmail();
    const code = await mailedCode(owner.token, email);
    expect((await confirm(thief.token, { email, code })).body.code).toBe('BAD_CODE');

    const signInEmail = uniqueEmail();
    await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email: signInEmail } });
    const signInCode = await ctx.mail.codeFor(signInEmail);
    expect((await confirm(owner.token, { email: signInEmail, code: signInCode })).body.code).toBe('BAD_CODE');
  });

  it("checks the code before the address: a wrong code for another account's address is BAD_CODE, not 409", async () => {
    const user = await newAccount();
    const other = await createPatient(ctx.app);
    await sendCode(user.token, other.email);
    const res = await confirm(user.token, { email: other.email, code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_CODE');
  });

  it('limits wrong tries per account, whatever the addresses', async () => {
    const user = await newAccount();
    for (let i = 0; i < 10; i++) {
      expect((await confirm(user.token, { email: uniqueEmail(), code: '123456' })).body.code).toBe('BAD_CODE');
    }
    const blocked = await confirm(user.token, { email: uniqueEmail(), code: '123456' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const someoneElse = await newAccount();
    expect((await confirm(someoneElse.token, { email: uniqueEmail(), code: '123456' })).body.code).toBe('BAD_CODE');
  });

  it('answers 409 EMAIL_TAKEN when the address went to another account meanwhile', async () => {
    const user = await newAccount();
    const email = uniqueEmail();
    const code = await mailedCode(user.token, email);
    await createPatient(ctx.app, { email });
    const res = await confirm(user.token, { email, code });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it('turns a messaging account into one that signs in by mail', async () => {
    const link = await call(ctx.app, {
      method: 'POST',
      url: '/api/integrations/messaging/magic-link',
      payload: { externalId: `bot-${Date.now()}` },
      headers: { 'x-magic-link-secret': MAGIC_SECRET },
    });
    const token = new URL(link.body.url).searchParams.get('token');
    const magic = await call(ctx.app, { method: 'GET', url: `/api/magic-login?token=${token}` });
    expect(magic.body.email).toMatch(/@users\.rozmova\.invalid$/);
    const email = uniqueEmail();
    const code = await mailedCode(magic.body.token, email);
    expect((await confirm(magic.body.token, { email, code })).status).toBe(200);

    await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
    const signIn = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/verify-code',
      payload: { email, code: await ctx.mail.codeFor(email) },
    });
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: signIn.body.token });
    const magicMe = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: magic.body.token });
    expect(me.body.id).toBe(magicMe.body.id);
  });

  it.each([
    ['a missing code', { code: undefined }],
    ['a 5-digit code', { code: '12345' }],
    ['a malformed address', { email: 'nope' }],
  ])('refuses %s with 400 VALIDATION', async (_name, override) => {
    const user = await newAccount();
    const res = await confirm(user.token, { email: uniqueEmail(), code: '123456', ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });

  it('needs a signed-in account', async () => {
    expect((await confirm('', { email: uniqueEmail(), code: '123456' })).status).toBe(401);
  });
});

describe('PUT /api/onboarding', () => {
  it('makes a patient: profile row, names, birth date, language, role, completed', async () => {
    const user = await newAccount();
    const res = await onboard(user.token, patientBody);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: user.email, role: 'ROLE_PATIENT', profileCompleted: true });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      role: 'PATIENT',
      profileCompleted: true,
      firstName: 'Mariia',
      lastName: 'Koval',
      birthDate: '1994-06-02',
      locale: 'uk',
    });
    const [profile] = await ctx.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id));
    expect(profile).toMatchObject({ aboutMe: 'I am a teacher.', therapyGoals: 'Sleep better.' });
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/role', token: user.token })).body).toEqual({
      role: 'ROLE_PATIENT',
    });
  });

  it('makes a psychologist with experience and distinct therapy types', async () => {
    const user = await newAccount();
    const res = await onboard(user.token, psychologistBody);
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('ROLE_PSYCHOLOGIST');
    const [profile] = await ctx.app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, user.id));
    expect(profile).toMatchObject({
      experience: 11,
      therapyTypes: ['KPT', 'GESTALT_TERAPIA'],
      description: 'I help adults with anxiety.',
      education: 'Kyiv University',
    });
    expect(await ctx.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toHaveLength(0);
  });

  it("keeps the browser's time zone, and refuses one that is not an IANA zone", async () => {
    const bad = await newAccount();
    const refused = await onboard(bad.token, { ...patientBody, timeZone: 'Nowhere/City' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('timeZone');
    const user = await newAccount();
    expect((await onboard(user.token, { ...patientBody, timeZone: 'America/New_York' })).status).toBe(200);
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: user.token });
    expect(me.body.timeZone).toBe('America/New_York');
  });

  it('refuses a second onboarding with 409 CONFLICT', async () => {
    const user = await newAccount();
    expect((await onboard(user.token, patientBody)).status).toBe(200);
    const again = await onboard(user.token, psychologistBody);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    const staff = await createUser(ctx.app, { role: 'ADMIN' });
    expect((await onboard(staff.token, patientBody)).status).toBe(409);
  });

  it('takes newEmail only when it is the confirmed address of the account', async () => {
    const user = await newAccount();
    const other = await onboard(user.token, { ...patientBody, newEmail: uniqueEmail() });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'newEmail' }] });
    const same = await onboard(user.token, { ...patientBody, newEmail: user.email.toUpperCase() });
    expect(same.status).toBe(200);
    expect(same.body.email).toBe(user.email);
  });

  const today = dayjs(TEST_NOW.slice(0, 10));
  it.each([
    ['role', { role: 'ADMIN' }],
    ['role', { role: 'ROLE_PATIENT' }],
    ['role', { role: undefined }],
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: '   ' }],
    ['firstName', { firstName: 'x'.repeat(101) }],
    ['lastName', { lastName: undefined }],
    ['lastName', { lastName: 7 }],
    ['birthDate', { birthDate: today.add(1, 'day').format('YYYY-MM-DD') }],
    ['birthDate', { birthDate: today.subtract(4, 'year').format('YYYY-MM-DD') }],
    ['birthDate', { birthDate: '2001-02-30' }],
    ['birthDate', { birthDate: '15.01.1990' }],
    ['birthDate', { birthDate: undefined }],
    ['language', { language: 'de' }],
    ['language', { language: undefined }],
    ['aboutMe', { aboutMe: 'x'.repeat(5001) }],
    ['experience', { role: 'PSYCHOLOGIST', experience: null }],
    ['experience', { role: 'PSYCHOLOGIST', experience: undefined }],
    ['experience', { experience: -1 }],
    ['experience', { experience: 71 }],
    ['experience', { experience: 2.5 }],
    ['experience', { experience: '5' }],
    ['therapyTypes', { therapyTypes: ['NOT_A_THERAPY'] }],
    ['therapyTypes', { therapyTypes: 'KPT' }],
    ['newEmail', { newEmail: 'nope' }],
  ])('refuses a bad %s with 400 naming it', async (field, override) => {
    const user = await newAccount();
    const res = await onboard(user.token, { ...patientBody, ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.map((f: { field: string }) => f.field).join(' ')).toContain(field);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.profileCompleted).toBe(false);
  });

  it("judges the 5-year bound and future dates on the platform's today, at its midnight", async () => {
    const user = await newAccount();
    // MIN_AGE_MS is 1825 days: a birth date 1824 days before today is too young, 1825 days is old enough.
    const dayBefore = (days: number) => today.subtract(days, 'day').format('YYYY-MM-DD');
    const young = await onboard(user.token, { ...patientBody, birthDate: dayBefore(1824) });
    expect(young.body.fields).toEqual([{ field: 'body.birthDate', message: 'Sorry, we cannot serve users younger than 5' }]);
    try {
      // Late in the evening of the day before, in Kyiv, the same date is still in the future there.
      ctx.setNow(`${dayBefore(1)} 23:59`);
      const future = await onboard(user.token, { ...patientBody, birthDate: dayBefore(0) });
      expect(future.body.fields).toEqual([{ field: 'body.birthDate', message: 'Birth date cannot be in the future' }]);
    } finally {
      ctx.setNow(TEST_NOW);
    }
    expect((await onboard(user.token, { ...patientBody, birthDate: dayBefore(1825) })).status).toBe(200);
  });

  it('refuses bodies that are not an object, and needs an enabled signed-in account', async () => {
    const user = await newAccount();
    expect((await onboard(user.token, [patientBody])).status).toBe(400);
    const text = await call(ctx.app, {
      method: 'PUT',
      url: '/api/onboarding',
      payload: 'role=PATIENT',
      headers: { 'content-type': 'text/plain' },
      token: user.token,
    });
    expect(text.status).toBe(400);
    expect((await onboard('', patientBody)).status).toBe(401);
    const disabled = await createUser(ctx.app, { role: null, enabled: false });
    expect((await onboard(disabled.token, patientBody)).status).toBe(403);
  });
});
