import { eq, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, groupMembers, measures, records, users, verificationDocuments } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { purgeDue } from '../src/modules/privacy/service.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { multipart } from './fixtures/images.js';
import { createGroup, join, programRow } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { postRecord } from './records-helpers.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const remove = (token: string) => call(ctx.app, { method: 'POST', url: '/api/user/deletion', token });
const login = (email: string, password: string) =>
  call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const deletions = async () => (await call(ctx.app, { method: 'GET', url: '/api/admin/deletions', token: admin.token })).body;
const notificationsOf = async (who: TestUser) =>
  (await call(ctx.app, { method: 'GET', url: '/api/notifications', token: who.token })).body.content as { kind: string }[];

describe('POST /api/user/deletion', () => {
  it('erases a patient at once, cancels their sessions with notices, keeps the notes sealed until the retention ends, then purges them', async () => {
    const psy = await createPsychologist(ctx.app, { firstName: 'Olena' });
    const patient = await createPatient(ctx.app, {
      firstName: 'Petro',
      lastName: 'Gone',
      passwordHash: await hashPassword('patient-password-1'),
    });
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-10',
      start: '10:00',
      end: '11:00',
    });
    const upcoming = await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-11',
      start: '15:00',
      end: '16:00',
    });
    expect((await postRecord(ctx.app, psy.token, { content: '<p>Kept note</p>', patientId: patient.id })).status).toBe(201);
    const measure = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/measures',
      token: patient.token,
      payload: { instrument: 'GAD7', answers: [0, 1, 0, 1, 0, 1, 0] },
    });
    expect(measure.status).toBe(201);
    const talk = await call(ctx.app, {
      method: 'POST',
      url: '/api/conversations',
      token: patient.token,
      payload: { psychologistId: psy.id },
    });
    const said = await call(ctx.app, {
      method: 'POST',
      url: `/api/conversations/${talk.body.id}/messages`,
      token: patient.token,
      payload: { body: 'Running late' },
    });
    expect(said.status).toBe(201);

    const res = await remove(patient.token);
    expect(res.status).toBe(202);
    // Within 24 hours of the session, which a patient's own cancel would refuse: deleting cancels it all the same.
    expect(res.body).toMatchObject({ canceledSessions: 1, requestedAt: ctx.app.clock.instant().toISOString() });
    expect(res.body.purgeAfter.slice(0, 4)).toBe('2036');

    // The account can do nothing more, and signs in no more.
    // The old token: refused as an account that is no more (disabled, every session ended).
    expect([401, 403]).toContain((await call(ctx.app, { method: 'GET', url: '/api/user/me', token: patient.token })).status);
    expect((await login(patient.email, 'patient-password-1')).status).toBe(401);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, patient.id));
    expect(row).toMatchObject({ enabled: false, passwordHash: null, firstName: 'Deleted', birthDate: null });
    expect(row.email).not.toBe(patient.email);

    // Their conversation and messages are gone, for the psychologist too.
    const theirs = await call(ctx.app, { method: 'GET', url: `/api/conversations/${talk.body.id}`, token: psy.token });
    expect(theirs.status).toBe(404);

    // The psychologist sees the session canceled and is told.
    const sessions = (await call(ctx.app, { method: 'GET', url: '/api/doctor/appointments', token: psy.token })).body;
    expect(sessions.find((s: { id: number }) => s.id === upcoming.id)).toBeUndefined();
    await expect.poll(async () => (await notificationsOf(psy)).map((n) => n.kind)).toContain('CANCELED');

    // The clinical record stays, sealed, for the retention.
    const kept = () => ctx.app.db.select().from(records).where(eq(records.patientId, patient.id));
    expect(await kept()).toHaveLength(1);
    expect(await ctx.app.db.select().from(measures).where(eq(measures.patientId, patient.id))).toHaveLength(1);
    const listed = (await deletions()).find((d: { userId: number }) => d.userId === patient.id);
    expect(listed).toMatchObject({ role: 'PATIENT', state: 'PENDING', purgedAt: null });

    // The address registers again, as a new person.
    await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email: patient.email } });
    const code = await ctx.mail.codeFor(patient.email);
    const fresh = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/verify-code',
      payload: { email: patient.email, code },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ email: patient.email, role: null });
    const me = (await call(ctx.app, { method: 'GET', url: '/api/user/me', token: fresh.body.token })).body;
    expect(me.id).not.toBe(patient.id);

    // Nothing is purged before the retention ends; the daily job purges once it has.
    expect(await purgeDue(ctx.app.context)).toBe(0);
    ctx.setNow('2036-03-12 04:00');
    expect(await purgeDue(ctx.app.context)).toBeGreaterThanOrEqual(1);
    expect(await kept()).toHaveLength(0);
    expect(await ctx.app.db.select().from(measures).where(eq(measures.patientId, patient.id))).toHaveLength(0);
    const trail = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(
        or(eq(auditEvents.userId, patient.id), eq(auditEvents.patientId, patient.id), eq(auditEvents.subjectId, patient.id)),
      );
    expect(trail).toHaveLength(0);
    // Back to today, where the admin's session lives.
    ctx.setNow(TEST_NOW);
    expect((await deletions()).find((d: { userId: number }) => d.userId === patient.id)).toMatchObject({ state: 'PURGED' });
  });

  it("erases a psychologist's documents and profile, cancels their sessions with notices to the patients, and keeps the notes they wrote", async () => {
    const psy = await createPsychologist(ctx.app, { description: 'Twenty years of CBT' });
    const patient = await createPatient(ctx.app);
    const upcoming = await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-13',
      start: '10:00',
      end: '11:00',
    });
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-09',
      start: '10:00',
      end: '11:00',
    });
    expect((await postRecord(ctx.app, psy.token, { content: '<p>By the psychologist</p>', patientId: patient.id })).status).toBe(
      201,
    );
    const doc = await call(ctx.app, {
      method: 'POST',
      url: '/api/psychologist/documents',
      token: psy.token,
      ...multipart([
        { name: 'kind', data: 'DIPLOMA' },
        { name: 'file', data: pdf('Diploma'), filename: 'd.pdf', contentType: 'application/pdf' },
      ]),
    });
    expect(doc.status).toBe(201);

    const res = await remove(psy.token);
    expect(res.status).toBe(202);
    expect(res.body.canceledSessions).toBe(1);
    expect(await ctx.app.db.select().from(verificationDocuments).where(eq(verificationDocuments.psychologistId, psy.id))).toEqual(
      [],
    );
    const mine = (await call(ctx.app, { method: 'GET', url: '/api/patient/appointments', token: patient.token })).body;
    expect(mine.find((a: { id: number }) => a.id === upcoming.id)).toBeUndefined();
    await expect.poll(async () => (await notificationsOf(patient)).map((n) => n.kind)).toContain('CANCELED');
    expect(await ctx.app.db.select().from(records).where(eq(records.authorId, psy.id))).toHaveLength(1);
    expect((await call(ctx.app, { method: 'GET', url: `/api/doctors/${psy.id}`, token: patient.token })).status).toBe(404);
  });

  it("takes a deleted patient out of their groups, and ends a deleted psychologist's groups", async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const other = await createPatient(ctx.app);
    const group = await createGroup(ctx.app, psy.token, '2026-03-16');
    expect((await join(ctx.app, patient.token, group.id)).status).toBe(201);
    expect((await join(ctx.app, other.token, group.id)).status).toBe(201);

    expect((await remove(patient.token)).status).toBe(202);
    const rows = await ctx.app.db.select().from(groupMembers).where(eq(groupMembers.programId, group.id));
    expect(rows.find((r) => r.patientId === patient.id)?.leftAt).not.toBeNull();
    expect(rows.find((r) => r.patientId === other.id)?.leftAt).toBeNull();

    expect((await remove(psy.token)).status).toBe(202);
    expect((await programRow(ctx.app, group.id)).status).toBe('ENDED');
    await expect.poll(async () => (await notificationsOf(other)).map((n) => n.kind)).toContain('GROUP_ENDED');
  });

  it.each(['MANAGER', 'ADMIN', 'MODERATOR'] as const)('refuses a %s (their accounts are run by admins)', async (role) => {
    const who = await createUser(ctx.app, { role });
    const res = await remove(who.token);
    expect(res.status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/me', token: who.token })).status).toBe(200);
  });

  it('asks for a fresh sign-in on an older session, and no one but a signed-in owner reaches it', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/api/user/deletion' })).status).toBe(401);
    const patient = await createPatient(ctx.app);
    ctx.setNow('2026-03-11 10:40');
    const stale = await remove(patient.token);
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('RECHECK_REQUIRED');
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/me', token: patient.token })).status).toBe(200);
  });

  it('shows the deletions to admins only', async () => {
    for (const role of ['PATIENT', 'PSYCHOLOGIST', 'MANAGER'] as const) {
      const who = await createUser(ctx.app, { role });
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/deletions', token: who.token })).status).toBe(403);
    }
    expect(Array.isArray(await deletions())).toBe(true);
  });
});
