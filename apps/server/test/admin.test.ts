import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { dateFromToday, insertAppointment, platformWhen } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext, uniqueEmail } from './helpers.js';
import { connect, disconnected, type SignalClient } from './signal-client.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

let ctx: TestContext;
let base: string;
let admin: TestUser;
const sockets: SignalClient[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  admin = await createUser(ctx.app, { role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
  ctx.setNow(TEST_NOW);
});
afterAll(() => ctx.close());

const get = (url: string, token = admin.token) => call(ctx.app, { method: 'GET', url, token });
const put = (url: string, payload?: object, token = admin.token) => call(ctx.app, { method: 'PUT', url, token, payload });
/** The distinct fields a 400 names. */
const fieldsOf = (res: { body: { fields?: { field: string }[] } }) => [...new Set((res.body.fields ?? []).map((f) => f.field))];
const auditRows = (where: { subjectId?: number; userId?: number }) =>
  ctx.app.db
    .select()
    .from(auditEvents)
    .where(
      and(
        where.subjectId === undefined ? undefined : eq(auditEvents.subjectId, where.subjectId),
        where.userId === undefined ? undefined : eq(auditEvents.userId, where.userId),
      ),
    )
    .orderBy(auditEvents.id);

/** A tag no other account carries, to search for exactly the accounts a test makes. */
const newTag = () => `Zq${randomUUID().slice(0, 8)}`;

describe('GET /api/admin/users', () => {
  let tag: string;
  let made: TestUser[];
  beforeAll(async () => {
    tag = newTag();
    made = [];
    for (let i = 0; i < 5; i++) made.push(await createPatient(ctx.app, { lastName: `${tag}-${i}` }));
  });
  const search = (query: string) => get(`/api/admin/users?q=${tag}${query}`);

  it('pages the matching accounts by id with page, size, totals and last', async () => {
    const first = await search('&page=0&size=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3, last: false });
    expect(first.body.content.map((r: { id: number }) => r.id)).toEqual(made.slice(0, 2).map((u) => u.id));
    const second = await search('&page=1&size=2');
    expect(second.body.content.map((r: { id: number }) => r.id)).toEqual(made.slice(2, 4).map((u) => u.id));
    expect(second.body.last).toBe(false);
    const third = await search('&page=2&size=2');
    expect(third.body.content.map((r: { id: number }) => r.id)).toEqual([made[4].id]);
    expect(third.body.last).toBe(true);
    const beyond = await search('&page=7&size=2');
    expect(beyond.body).toMatchObject({ content: [], page: 7, totalElements: 5, totalPages: 3, last: true });
    const whole = await search('&size=5');
    expect(whole.body).toMatchObject({ totalPages: 1, last: true });
    expect(whole.body.content).toHaveLength(5);
  });

  it('defaults to page 0 of 10, and an empty result is one last page of nothing', async () => {
    const res = await get('/api/admin/users');
    expect(res.body).toMatchObject({ page: 0, size: 10 });
    expect(res.body.content.length).toBeLessThanOrEqual(10);
    const ids = res.body.content.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const none = await get(`/api/admin/users?q=${newTag()}`);
    expect(none.body).toEqual({ content: [], page: 0, size: 10, totalElements: 0, totalPages: 0, last: true });
  });

  it('shows each row with names, e-mail, enabled, the role as a list and verified for psychologists only', async () => {
    const t = newTag();
    const psy = await createPsychologist(ctx.app, { lastName: t, verified: false });
    const manager = await createUser(ctx.app, { role: 'MANAGER', lastName: t });
    const fresh = await createUser(ctx.app, { role: null, lastName: t, enabled: false });
    const res = await get(`/api/admin/users?q=${t}`);
    expect(res.body.content).toEqual([
      {
        id: psy.id,
        firstName: 'Test',
        lastName: t,
        email: psy.email,
        enabled: true,
        roles: ['ROLE_PSYCHOLOGIST'],
        verified: false,
      },
      {
        id: manager.id,
        firstName: 'Test',
        lastName: t,
        email: manager.email,
        enabled: true,
        roles: ['ROLE_MANAGER'],
        verified: null,
      },
      { id: fresh.id, firstName: 'Test', lastName: t, email: fresh.email, enabled: false, roles: [], verified: null },
    ]);
  });

  it('searches first name, last name, full name and e-mail without regard to case, and % and _ literally', async () => {
    const t = newTag().toLowerCase();
    const a = await createPatient(ctx.app, { firstName: `Olha${t}`, lastName: 'Petrenko' });
    const b = await createPatient(ctx.app, { email: `${t}.mail@example.test` });
    const ids = async (q: string) =>
      (await get(`/api/admin/users?q=${encodeURIComponent(q)}`)).body.content.map((r: { id: number }) => r.id);
    expect(await ids(t.toUpperCase())).toEqual([a.id, b.id]);
    expect(await ids(`olha${t} petrenko`)).toEqual([a.id]);
    expect(await ids(`${t}.MAIL@`)).toEqual([b.id]);
    expect(await ids(`  ${t}  `)).toEqual([a.id, b.id]);
    expect(await ids(`${t}%`)).toEqual([]);
    expect(await ids(`olha${t.slice(0, 3)}_`)).toEqual([]);
  });

  it('filters by role, with or without the ROLE_ prefix, and by verification', async () => {
    const t = newTag();
    const checked = await createPsychologist(ctx.app, { lastName: t });
    const waiting = await createPsychologist(ctx.app, { lastName: t, verified: false });
    const patient = await createPatient(ctx.app, { lastName: t });
    const ids = async (q: string) => (await get(`/api/admin/users?q=${t}&${q}`)).body.content.map((r: { id: number }) => r.id);
    expect(await ids('role=PSYCHOLOGIST')).toEqual([checked.id, waiting.id]);
    expect(await ids('role=ROLE_PATIENT')).toEqual([patient.id]);
    expect(await ids('verified=false')).toEqual([waiting.id]);
    expect(await ids('verified=true')).toEqual([checked.id]);
    expect(await ids('role=PATIENT&verified=false')).toEqual([]);
  });

  it('refuses bad paging and filters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['size=0', 'querystring.size'],
      ['size=101', 'querystring.size'],
      ['size=ten', 'querystring.size'],
      ['page=-1', 'querystring.page'],
      ['page=1.5', 'querystring.page'],
      ['role=BOSS', 'querystring.role'],
      ['verified=yes', 'querystring.verified'],
      [`q=${'x'.repeat(255)}`, 'querystring.q'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/admin/users?${query}`);
      expect([query, res.status, fieldsOf(res)]).toEqual([query, 400, [field]]);
    }
  });
});

describe('PUT /api/admin/users/{id}/enable', () => {
  const enable = (id: number | string, flag: string, token = admin.token) =>
    put(`/api/admin/users/${id}/enable?enable=${flag}`, undefined, token);

  it('disabling ends the sessions at once (HTTP and signalling); enabling lets the account sign in again', async () => {
    const passwordHash = await hashPassword('patient-password');
    const patient = await createPatient(ctx.app, { passwordHash });
    const socket = await connect(base, { token: patient.token });
    sockets.push(socket);
    const events: string[] = [];
    const onRevoked = (id: number) => id === patient.id && events.push('sessionsRevoked');
    const onChanged = (id: number) => id === patient.id && events.push('accountChanged');
    ctx.app.events.on('sessionsRevoked', onRevoked).on('accountChanged', onChanged);
    try {
      const res = await enable(patient.id, 'false');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: patient.id, enabled: false, roles: ['ROLE_PATIENT'] });
      expect(events).toEqual(['sessionsRevoked', 'accountChanged']);
    } finally {
      ctx.app.events.off('sessionsRevoked', onRevoked).off('accountChanged', onChanged);
    }
    await disconnected(socket);
    // The old token is told why it no longer works.
    const refused = await get('/api/user/me', patient.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'DISABLED']);
    const login = () =>
      call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email: patient.email, password: 'patient-password' } });
    expect((await login()).status).toBe(403);

    const enabled = await enable(patient.id, 'true');
    expect(enabled.body.enabled).toBe(true);
    // The old sessions stay ended; signing in again works.
    expect((await get('/api/user/me', patient.token)).status).toBe(401);
    const again = await login();
    expect(again.status).toBe(200);
    expect((await get('/api/user/me', again.body.token)).status).toBe(200);
    expect((await auditRows({ subjectId: patient.id })).map((r) => [r.action, r.userId, r.role])).toEqual([
      ['USER_DISABLE', admin.id, 'ADMIN'],
      ['USER_ENABLE', admin.id, 'ADMIN'],
    ]);
  });

  it('asks an admin whose last check is older than 10 minutes for a fresh one, then disables', async () => {
    const self = await createUser(ctx.app, { role: 'ADMIN', passwordHash: await hashPassword('admin-password-1') });
    const patient = await createPatient(ctx.app);
    ctx.setNow('2026-03-11 10:31');
    const stale = await enable(patient.id, 'false', self.token);
    expect([stale.status, stale.body.code]).toEqual([403, 'RECHECK_REQUIRED']);
    expect((await get('/api/user/me', patient.token)).status).toBe(200);
    expect(await auditRows({ subjectId: patient.id })).toEqual([]);
    const recheck = (payload: object) => call(ctx.app, { method: 'POST', url: '/api/user/recheck', token: self.token, payload });
    expect((await recheck({ password: 'wrong-password' })).status).toBe(400);
    expect((await enable(patient.id, 'false', self.token)).body.code).toBe('RECHECK_REQUIRED');
    expect((await recheck({ password: 'admin-password-1' })).status).toBe(204);
    const res = await enable(patient.id, 'false', self.token);
    expect([res.status, res.body.enabled]).toEqual([200, false]);
    expect((await get('/api/user/me', patient.token)).status).toBe(403);
  });

  it('lets an admin disable another admin, whose token then fails', async () => {
    const other = await createUser(ctx.app, { role: 'ADMIN' });
    expect((await enable(other.id, 'false')).status).toBe(200);
    const refused = await get('/api/admin/users', other.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'DISABLED']);
  });

  it('of two admins disabling each other at the same moment, one wins and one admin stays enabled', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await createUser(ctx.app, { role: 'ADMIN' }), await createUser(ctx.app, { role: 'ADMIN' })];
      // Both sessions known to the server, so both requests pass the sign-in check before either transaction runs.
      for (const admin of [a, b]) expect((await get('/api/user/me', admin.token)).status).toBe(200);
      const answers = await Promise.all([enable(b.id, 'false', a.token), enable(a.id, 'false', b.token)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
      expect(answers.find((r) => r.status === 403)?.body.code).toBe('DISABLED');
      const rows = await ctx.app.db
        .select()
        .from(users)
        .where(inArray(users.id, [a.id, b.id]));
      expect(rows.filter((r) => r.enabled)).toHaveLength(1);
    }
  });

  it('refuses an admin disabling themself with 409, and changes nothing', async () => {
    const self = await createUser(ctx.app, { role: 'ADMIN' });
    const res = await enable(self.id, 'false', self.token);
    expect([res.status, res.body.code]).toEqual([409, 'CANNOT_DISABLE_SELF']);
    expect((await get('/api/admin/profile', self.token)).body.enabled).toBe(true);
    expect(await auditRows({ subjectId: self.id })).toEqual([]);
    expect((await enable(self.id, 'true', self.token)).status).toBe(200);
  });

  it('answers 404 for no such account, 400 for a bad flag or id, 403 for other roles', async () => {
    const patient = await createPatient(ctx.app);
    expect((await enable(2_000_000_000, 'false')).status).toBe(404);
    for (const flag of ['', 'no', '0', 'False']) expect(fieldsOf(await enable(patient.id, flag))).toEqual(['querystring.enable']);
    expect((await enable('01', 'false')).status).toBe(400);
    for (const role of ['MANAGER', 'PSYCHOLOGIST', 'PATIENT'] as const) {
      const other = await createUser(ctx.app, { role });
      expect((await enable(patient.id, 'false', other.token)).status).toBe(403);
    }
    expect((await get('/api/user/me', patient.token)).status).toBe(200);
  });
});

describe('/api/admin/profile', () => {
  it('shows and saves the signed-in admin’s own names only', async () => {
    const self = await createUser(ctx.app, { role: 'ADMIN', firstName: 'Iryna', lastName: 'Old' });
    expect((await get('/api/admin/profile', self.token)).body).toEqual({
      id: self.id,
      firstName: 'Iryna',
      lastName: 'Old',
      email: self.email,
      enabled: true,
      version: 1,
    });
    expect((await get(`/api/admin/profile?email=${self.email.toUpperCase()}`, self.token)).status).toBe(200);
    const body = { id: 1, firstName: ' Iryna ', lastName: 'New', email: 'someone@example.test', enabled: false };
    const res = await put(`/api/admin/profile?email=${self.email}`, body, self.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: self.id, firstName: 'Iryna', lastName: 'New', email: self.email, enabled: true, version: 2 });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, self.id));
    expect([row.firstName, row.lastName, row.email, row.enabled]).toEqual(['Iryna', 'New', self.email, true]);
  });

  it('refuses a save of an older version with 409 STALE and keeps the newer one; a save naming none overwrites', async () => {
    const self = await createUser(ctx.app, { role: 'ADMIN', firstName: 'Iryna', lastName: 'Old' });
    const save = (payload: object) => put('/api/admin/profile', payload, self.token);
    expect((await save({ firstName: 'Tab', lastName: 'One', version: 1 })).body).toMatchObject({ lastName: 'One', version: 2 });
    const second = await save({ firstName: 'Tab', lastName: 'Two', version: 1 });
    expect([second.status, second.body.code]).toEqual([409, 'STALE']);
    expect((await get('/api/admin/profile', self.token)).body).toMatchObject({ lastName: 'One', version: 2 });
    // The spec's client sends no version and overwrites.
    expect((await save({ firstName: 'Iryna', lastName: 'Old' })).body).toMatchObject({ lastName: 'Old', version: 3 });

    const applied = await expectOneOfConcurrentWrites(10, (i) => save({ firstName: 'Iryna', lastName: `Race${i}`, version: 3 }));
    expect((await get('/api/admin/profile', self.token)).body).toEqual(applied.body);
    expect(applied.body.version).toBe(4);
  });

  it('answers 404 to an e-mail naming someone else and 400 to a blank name, changing nothing', async () => {
    const self = await createUser(ctx.app, { role: 'ADMIN', lastName: 'Kept' });
    const other = uniqueEmail('other');
    const statusAndCode = (res: Awaited<ReturnType<typeof get>>) => [res.status, res.body.code];
    expect(statusAndCode(await get(`/api/admin/profile?email=${other}`, self.token))).toEqual([404, 'NOT_FOUND']);
    expect(statusAndCode(await get(`/api/admin/profile?email=${admin.email}`, self.token))).toEqual([404, 'NOT_FOUND']);
    const renamed = await put(`/api/admin/profile?email=${admin.email}`, { firstName: 'X', lastName: 'Y' }, self.token);
    expect(statusAndCode(renamed)).toEqual([404, 'NOT_FOUND']);
    expect((await get('/api/admin/profile', admin.token)).body.firstName).not.toBe('X');
    expect(fieldsOf(await put('/api/admin/profile', { firstName: ' ', lastName: 'Y' }, self.token))).toEqual(['body.firstName']);
    expect(fieldsOf(await put('/api/admin/profile', { firstName: 'X' }, self.token))).toEqual(['body.lastName']);
    expect((await get('/api/admin/profile', self.token)).body.lastName).toBe('Kept');
    expect((await get('/api/admin/profile', (await createUser(ctx.app, { role: 'MANAGER' })).token)).status).toBe(403);
  });
});

describe('/api/admin/appointments', () => {
  const cancel = (id: number | string, payload: object, token = admin.token) =>
    call(ctx.app, { method: 'DELETE', url: `/api/admin/appointments/${id}`, token, payload });

  async function appointments() {
    const doc = await createPsychologist(ctx.app, { lastName: 'Doc' });
    const patient = await createPatient(ctx.app, { lastName: 'Pat' });
    const row = (days: number, start: string, end: string, status?: 'CANCELED') =>
      insertAppointment(ctx.app, {
        psychologistId: doc.id,
        patientId: patient.id,
        date: dateFromToday(ctx.app, days),
        start,
        end,
        status,
      });
    return {
      doc,
      patient,
      upcoming: await row(400, '10:00', '11:00'),
      past: await row(-3, '10:00', '11:00'),
      canceled: await row(401, '12:00', '13:00', 'CANCELED'),
      // TEST_NOW is 10:20: this one is in progress, so still upcoming by the end time.
      now: await row(0, '10:00', '11:00'),
    };
  }

  it('lists every appointment newest first, paged up to 1000 at once', async () => {
    const a = await appointments();
    const first = await get('/api/admin/appointments?page=0&size=2');
    expect(first.status).toBe(200);
    expect(first.body.content.map((r: { id: number }) => r.id)).toEqual([a.canceled.id, a.upcoming.id]);
    expect(first.body.content[0]).toEqual({
      id: a.canceled.id,
      ...platformWhen(dateFromToday(ctx.app, 401), '12:00', '13:00'),
      doctorTimeZone: 'Europe/Kyiv',
      patientTimeZone: 'Europe/Kyiv',
      kind: 'INDIVIDUAL',
      group: null,
      attendance: null,
      status: 'CANCELED',
      cancellationReason: null,
      doctorId: a.doc.id,
      doctorFirstName: 'Test',
      doctorLastName: 'Doc',
      patientId: a.patient.id,
      patientFirstName: 'Test',
      patientLastName: 'Pat',
    });
    const all = await get('/api/admin/appointments?page=0&size=1000');
    expect(all.body).toMatchObject({ size: 1000, totalPages: 1, last: true });
    expect(all.body.content).toHaveLength(all.body.totalElements);
    const keys = all.body.content.map((r: { date: string; startTime: string }) => `${r.date} ${r.startTime}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(fieldsOf(await get('/api/admin/appointments?size=1001'))).toEqual(['querystring.size']);
  });

  it('cancels an upcoming confirmed appointment with the reason, closes its room and audits it', async () => {
    const a = await appointments();
    const rooms: (string | null)[] = [];
    const onCanceled = (room: string | null) => rooms.push(room);
    ctx.app.events.on('appointmentCanceled', onCanceled);
    try {
      const res = await cancel(a.upcoming.id, { reason: '  Psychologist is ill  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.upcoming.id, status: 'CANCELED', cancellationReason: 'Psychologist is ill' });
      expect(res.body.videoCallRoomId).toBeUndefined();
      expect((await cancel(a.now.id, { reason: 'Running late' })).status).toBe(200);
    } finally {
      ctx.app.events.off('appointmentCanceled', onCanceled);
    }
    expect(rooms).toEqual([a.upcoming.videoCallRoomId, a.now.videoCallRoomId]);
    const rows = await auditRows({ subjectId: a.patient.id });
    expect(rows.map((r) => [r.action, r.userId, r.appointmentId, r.patientId, r.detail])).toEqual([
      ['APPOINTMENT_CANCEL', admin.id, a.upcoming.id, a.patient.id, 'Psychologist is ill'],
      ['APPOINTMENT_CANCEL', admin.id, a.now.id, a.patient.id, 'Running late'],
    ]);
  });

  it('refuses past, canceled and twice-canceled appointments with 409, a blank reason with 400, no such one with 404', async () => {
    const a = await appointments();
    for (const id of [a.past.id, a.canceled.id]) {
      const res = await cancel(id, { reason: 'Why not' });
      expect([res.status, res.body.code]).toEqual([409, 'NOT_CANCELABLE']);
    }
    expect(fieldsOf(await cancel(a.upcoming.id, { reason: ' \u200B ' }))).toEqual(['body.reason']);
    expect(fieldsOf(await cancel(a.upcoming.id, {}))).toEqual(['body.reason']);
    expect((await cancel(2_000_000_000, { reason: 'Gone' })).status).toBe(404);
    expect((await cancel(a.upcoming.id, { reason: 'Once' })).status).toBe(200);
    expect((await cancel(a.upcoming.id, { reason: 'Twice' })).status).toBe(409);
    expect((await cancel(a.upcoming.id, { reason: 'Patient' }, a.patient.token)).status).toBe(403);
    expect((await auditRows({ subjectId: a.patient.id })).map((r) => r.detail)).toEqual(['Once']);
  });
});
