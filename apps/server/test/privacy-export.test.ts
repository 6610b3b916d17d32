import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { multipart } from './fixtures/images.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { postRecord } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

/** Asks for the archive; answers the status, the body and, when a ZIP came, its files. */
async function exportOf(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/user/export', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json(), files: {} as Record<string, Uint8Array> };
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=rozmova-data-\d{4}-\d{2}-\d{2}\.zip$/);
  return { status: 200, body: undefined, files: unzipSync(new Uint8Array(res.rawPayload)) };
}
const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]));
const pdfText = async (data: Uint8Array) => (await new PDFParse({ data }).getText()).text;

describe('GET /api/user/export', () => {
  it('gives a patient their account, sessions, measures, shared notes (never private ones) and notices, with a summary in their language', async () => {
    const psy = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
    const patient = await createPatient(ctx.app, { firstName: 'Петро', lastName: 'Шевченко' });
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, patient.id));
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-10',
      start: '10:00',
      end: '11:00',
    });
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-12',
      start: '10:00',
      end: '11:00',
    });
    await postRecord(ctx.app, psy.token, { content: '<p>Private thought</p>', patientId: patient.id });
    await postRecord(ctx.app, psy.token, {
      content: '<p>Shared advice</p>',
      patientId: patient.id,
      privacyLevel: 'DOCTOR_PATIENT_MANAGER',
    });
    const measure = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/measures',
      token: patient.token,
      payload: { instrument: 'PHQ9', answers: [1, 1, 1, 0, 0, 0, 0, 0, 0] },
    });
    expect(measure.status).toBe(201);

    const { status, files } = await exportOf(patient.token);
    expect(status).toBe(200);
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        'measures.json',
        'messages.json',
        'notes.json',
        'notification-preferences.json',
        'notifications.json',
        'profile.json',
        'sessions.json',
        'summary.pdf',
      ].sort(),
    );
    expect(json(files, 'account.json')).toMatchObject({
      id: patient.id,
      email: patient.email,
      role: 'PATIENT',
      firstName: 'Петро',
    });
    expect(JSON.stringify(json(files, 'account.json'))).not.toMatch(/password/i);
    const sessions = json(files, 'sessions.json');
    expect(sessions.upcoming).toHaveLength(1);
    expect(sessions.past).toHaveLength(1);
    expect(json(files, 'measures.json').completions ?? json(files, 'measures.json')).toBeTruthy();
    expect(JSON.stringify(json(files, 'measures.json'))).toContain('PHQ9');
    const notes = json(files, 'notes.json').map((n: { content: string }) => n.content);
    expect(notes).toEqual(['<p>Shared advice</p>']);
    const summary = await pdfText(files['summary.pdf']);
    expect(summary).toContain('Ваші дані в Rozmova');
    expect(summary).toContain('Петро Шевченко');
    expect(summary).toContain('sessions.json');

    // Audited as the patient's own act.
    const trail = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, patient.id), eq(auditEvents.action, 'DATA_EXPORT')));
    expect(trail).toHaveLength(1);
  });

  it('gives a psychologist their profile, schedule, sessions and the documents they sent, as stored, with an English summary', async () => {
    const psy = await createPsychologist(ctx.app, { firstName: 'Iryna', lastName: 'Bondar', verified: false });
    const diploma = pdf('Diploma of Iryna');
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/api/psychologist/documents',
      token: psy.token,
      ...multipart([
        { name: 'kind', data: 'DIPLOMA' },
        { name: 'file', data: diploma, filename: 'diploma.pdf', contentType: 'application/pdf' },
      ]),
    });
    expect(sent.status).toBe(201);
    const { status, files } = await exportOf(psy.token);
    expect(status).toBe(200);
    expect(json(files, 'account.json')).toMatchObject({ id: psy.id, role: 'PSYCHOLOGIST' });
    expect(json(files, 'profile.json')).toMatchObject({ firstName: 'Iryna' });
    expect(files['schedule.json']).toBeDefined();
    expect(json(files, 'documents.json').documents).toHaveLength(1);
    const stored = Object.keys(files).filter((f) => f.startsWith('files/documents/'));
    expect(stored).toEqual([`files/documents/${sent.body.id}-diploma.pdf`]);
    // The file as stored (a PDF is written anew on upload), the same the document's own route serves.
    const served = await ctx.app.inject({
      method: 'GET',
      url: `/api/psychologist/documents/${sent.body.id}/file`,
      headers: { authorization: `Bearer ${psy.token}` },
    });
    expect(Buffer.from(files[stored[0]]).equals(served.rawPayload)).toBe(true);
    expect(await pdfText(files[stored[0]])).toContain('Diploma of Iryna');
    expect(files['notes.json']).toBeUndefined();
    expect(await pdfText(files['summary.pdf'])).toContain('Your data at Rozmova');
  });

  it.each(['MANAGER', 'ADMIN', 'MODERATOR'] as const)('gives a %s their account and notices', async (role) => {
    const who = await createUser(ctx.app, { role });
    const { status, files } = await exportOf(who.token);
    expect(status).toBe(200);
    expect(json(files, 'account.json')).toMatchObject({ id: who.id, role });
    expect(json(files, 'notifications.json')).toEqual([]);
    expect(files['sessions.json']).toBeUndefined();
    expect(files['summary.pdf']).toBeDefined();
  });

  it('asks for a fresh sign-in on an older session, and answers after the password is given again', async () => {
    const patient = await createPatient(ctx.app, { passwordHash: await hashPassword('patient-password-1') });
    expect((await call(ctx.app, { method: 'GET', url: '/api/user/export' })).status).toBe(401);
    ctx.setNow('2026-03-11 10:35');
    const stale = await exportOf(patient.token);
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('RECHECK_REQUIRED');
    const wrong = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/recheck',
      token: patient.token,
      payload: { password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/recheck',
      token: patient.token,
      payload: { password: 'patient-password-1' },
    });
    expect(again.status).toBeLessThan(300);
    expect((await exportOf(patient.token)).status).toBe(200);
  });

  it('refuses a sixth archive within the hour', async () => {
    const who: TestUser = await createPatient(ctx.app);
    for (let i = 0; i < 5; i++) expect((await exportOf(who.token)).status).toBe(200);
    const sixth = await exportOf(who.token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
  });
});
