import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { upsertAccount } from '../src/modules/users/service.js';
import { addSlots, book, dateFromToday, search } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';

let ctx: TestContext;
let admin: TestUser;
let patient: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
  patient = await createPatient(ctx.app);
});
afterAll(() => ctx.close());

const verify = (id: number | string, verified: string, token = admin.token) =>
  call(ctx.app, { method: 'PUT', url: `/api/admin/users/${id}/verify?verified=${verified}`, token });
const profileOf = (token: string) => call(ctx.app, { method: 'GET', url: '/api/psychologist/profile', token });
/** The account's row on /admin/users, found by searching its e-mail. */
async function adminRowOf(user: { id: number; email: string }) {
  const res = await call(ctx.app, {
    method: 'GET',
    url: `/api/admin/users?q=${encodeURIComponent(user.email)}`,
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return res.body.content.find((r: { id: number }) => r.id === user.id);
}

/** A psychologist who finished onboarding through the API, with a slot on the day after tomorrow. */
async function onboardedPsychologist() {
  const account = await createUser(ctx.app, { role: null });
  const res = await call(ctx.app, {
    method: 'PUT',
    url: '/api/onboarding',
    token: account.token,
    payload: {
      role: 'PSYCHOLOGIST',
      firstName: 'Nina',
      lastName: 'Unchecked',
      birthDate: '1985-02-03',
      language: 'en',
      experience: 6,
      therapyTypes: ['PSYCHODRAMA'],
    },
  });
  expect(res.status).toBe(200);
  const date = dateFromToday(ctx.app, 2);
  await addSlots(ctx.app, account.id, dayOfWeekOf(date), ['10:00', '11:00'], ['11:00', '12:00']);
  return { ...account, date };
}

const found = async (psyId: number, date: string) =>
  (await search(ctx.app, patient.token, { startDate: date, endDate: date, therapyTypes: ['PSYCHODRAMA'] }, [psyId])).length;

describe('a psychologist who finishes onboarding', () => {
  it('is unverified: their profile says so, admins see it, search does not offer them and booking is refused', async () => {
    const psy = await onboardedPsychologist();
    expect((await profileOf(psy.token)).body.verified).toBe(false);
    expect(await adminRowOf(psy)).toMatchObject({ id: psy.id, roles: ['ROLE_PSYCHOLOGIST'], verified: false });
    expect(await found(psy.id, psy.date)).toBe(0);
    const res = await book(ctx.app, patient.token, {
      psychologistId: psy.id,
      date: psy.date,
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PSYCHOLOGIST_UNVERIFIED');
  });

  it('appears in search and can be booked once an admin verifies them, and not after unverifying', async () => {
    const psy = await onboardedPsychologist();
    const verified = await verify(psy.id, 'true');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: psy.id, verified: true, enabled: true, roles: ['ROLE_PSYCHOLOGIST'] });
    expect((await profileOf(psy.token)).body.verified).toBe(true);
    expect(await found(psy.id, psy.date)).toBe(1);
    const slot = { psychologistId: psy.id, date: psy.date, startTime: '10:00', endTime: '11:00' };
    expect((await book(ctx.app, patient.token, slot)).status).toBe(201);

    const unverified = await verify(psy.id, 'false');
    expect(unverified.body.verified).toBe(false);
    expect(await found(psy.id, psy.date)).toBe(0);
    const again = await book(ctx.app, patient.token, { ...slot, startTime: '11:00', endTime: '12:00' });
    expect([again.status, again.body.code]).toEqual([409, 'PSYCHOLOGIST_UNVERIFIED']);
  });

  it('is not shown to patients or other psychologists until verified; they themself, managers and admins see them', async () => {
    const psy = await onboardedPsychologist();
    const colleague = await createPsychologist(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const get = (url: string, token: string) => call(ctx.app, { method: 'GET', url, token });
    /** The statuses of the profile, the patients' doctor info and the week, as this caller reads them. */
    const reads = async (caller: TestUser) => [
      (await get(`/api/doctors/${psy.id}`, caller.token)).status,
      caller.role === 'PATIENT' ? (await get(`/api/patient/doctors/info/${psy.id}`, caller.token)).status : null,
      (await get(`/api/psychologist/schedule?psychologistId=${psy.id}`, caller.token)).status,
    ];
    expect(await reads(patient)).toEqual([404, 404, 404]);
    expect(await reads(colleague)).toEqual([404, null, 404]);
    expect(await reads(psy)).toEqual([200, null, 200]);
    expect(await reads(manager)).toEqual([200, null, 200]);
    expect(await reads(admin)).toEqual([200, null, 200]);
    await verify(psy.id, 'true');
    expect(await reads(patient)).toEqual([200, 200, 200]);
    expect(await reads(colleague)).toEqual([200, null, 404]);
  });

  it('puts each verify and unverify on the audit trail with the admin and the psychologist', async () => {
    const psy = await onboardedPsychologist();
    await verify(psy.id, 'true');
    await verify(psy.id, 'false');
    const rows = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, psy.id)).orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.userId, r.role])).toEqual([
      ['PSYCHOLOGIST_VERIFY', admin.id, 'ADMIN'],
      ['PSYCHOLOGIST_UNVERIFY', admin.id, 'ADMIN'],
    ]);
    expect(rows[0].at.toISOString()).toBe(ctx.app.clock.instant().toISOString());
  });
});

describe('PUT /api/admin/users/{id}/verify refusals', () => {
  it('answers 404 for an account that is not a psychologist, or none, and writes no audit row', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    for (const id of [patient.id, manager.id, admin.id, 2_000_000_000]) {
      const res = await verify(id, 'true');
      expect([id, res.status, res.body.code]).toEqual([id, 404, 'NOT_FOUND']);
      const rows = await ctx.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'PSYCHOLOGIST_VERIFY')));
      expect(rows).toEqual([]);
    }
  });

  it('answers 400 naming the field for a missing or wrong flag and for a bad id', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    for (const flag of ['', 'yes', 'TRUE', '1']) {
      const res = await verify(psy.id, flag);
      expect(res.status).toBe(400);
      expect(res.body.fields.map((f: { field: string }) => f.field)).toContain('querystring.verified');
    }
    expect((await call(ctx.app, { method: 'PUT', url: `/api/admin/users/${psy.id}/verify`, token: admin.token })).status).toBe(
      400,
    );
    expect((await verify('0', 'true')).status).toBe(400);
    expect((await verify('abc', 'true')).status).toBe(400);
  });

  it('admits admins only', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    for (const role of ['PSYCHOLOGIST', 'PATIENT', 'MANAGER'] as const) {
      const other = await createUser(ctx.app, { role });
      expect((await verify(psy.id, 'true', other.token)).status).toBe(403);
    }
    expect((await verify(psy.id, 'true', psy.token)).status).toBe(403);
    expect((await profileOf(psy.token)).body.verified).toBe(false);
  });
});

describe('psychologists made by staff', () => {
  it('are verified when made with the account tool (the CLI and the demo seed use it), also an existing account', async () => {
    const email = uniqueEmail('staff-psy');
    const { user } = await upsertAccount(ctx.app.context, { email, role: 'PSYCHOLOGIST', firstName: 'Ivan', lastName: 'Staff' });
    expect((await adminRowOf(user)).verified).toBe(true);

    const onboarded = await onboardedPsychologist();
    expect((await adminRowOf(onboarded)).verified).toBe(false);
    await upsertAccount(ctx.app.context, { email: onboarded.email, role: 'PSYCHOLOGIST' });
    expect((await adminRowOf(onboarded)).verified).toBe(true);
  });
});

describe('the psychologist hears of the decision on their documents', () => {
  const decide = (id: number, verified: boolean, body?: { reason: string }) =>
    call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/users/${id}/verify?verified=${verified}`,
      token: admin.token,
      payload: body,
    });
  const bell = async (psy: TestUser) => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/notifications', token: psy.token });
    expect(res.status).toBe(200);
    return res.body.content as { kind: string; title: string; text: string; read: boolean }[];
  };

  it('in the bell and by mail, in their language, a rejection with its reason; no news when nothing changed', async () => {
    const psy = await onboardedPsychologist();
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, psy.id));

    expect((await decide(psy.id, false, { reason: 'Бракує диплома' })).status).toBe(200);
    const [rejected] = await bell(psy);
    expect(rejected).toMatchObject({
      kind: 'VERIFICATION_REJECTED',
      read: false,
      title: 'Не вдалося підтвердити ваші документи',
    });
    expect(rejected.text).toContain('Причина: Бракує диплома');
    const [rejectionMail] = await ctx.mail.waitForMails(psy.email, 1);
    expect(rejectionMail.subject).toBe('Не вдалося підтвердити ваші документи');
    expect(rejectionMail.text).toContain('Причина: Бракує диплома');
    expect(rejectionMail.text).toContain('/doctor/profile');

    expect((await decide(psy.id, true)).status).toBe(200);
    // Approving again changes nothing and tells nothing.
    expect((await decide(psy.id, true)).status).toBe(200);
    expect((await bell(psy)).map((n) => n.kind)).toEqual(['VERIFIED', 'VERIFICATION_REJECTED']);
    const approvalMail = (await ctx.mail.waitForMails(psy.email, 2))[1];
    expect(approvalMail.subject).toBe('Ваш профіль підтверджено');

    expect((await decide(psy.id, false)).status).toBe(200);
    const [withdrawn] = await bell(psy);
    expect(withdrawn).toMatchObject({ kind: 'VERIFICATION_WITHDRAWN', title: 'Підтвердження профілю відкликано' });
    expect((await ctx.mail.waitForMails(psy.email, 3))[2].subject).toBe('Підтвердження профілю відкликано');
    expect(ctx.mail.mailsTo(psy.email)).toHaveLength(3);
  });

  it('in English to an English reader, even with mails about changes switched off', async () => {
    const psy = await onboardedPsychologist();
    const prefs = { reminderMails: false, changeMails: false };
    const put = await call(ctx.app, {
      method: 'PUT',
      url: '/api/user/notification-preferences',
      token: psy.token,
      payload: prefs,
    });
    expect(put.status).toBe(200);
    await decide(psy.id, true);
    expect(await bell(psy)).toMatchObject([{ kind: 'VERIFIED', title: 'Your profile is verified' }]);
    const [mail] = await ctx.mail.waitForMails(psy.email, 1);
    expect(mail.subject).toBe('Your profile is verified');
    expect(mail.text).toContain('Patients can now find you and book sessions with you.');
  });
});
