import { and, asc, eq, gt } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, managerAssignments } from '../src/db/schema/index.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { listRecords, patientRecords, postRecord } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const preview = (who: TestUser, q: Record<string, string | number>) =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/doctor/reports/preview?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    token: who.token,
  });
const postReport = (who: TestUser, payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/doctor/reports', token: who.token, payload });
const getPdf = (who: TestUser, id: number | string) =>
  call(ctx.app, { method: 'GET', url: `/api/reports/${id}/pdf`, token: who.token });
const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;

/** Answers that add up to `score` over `items` items (each 0–3; the PHQ-9's item 9 stays 0). */
const summing = (items: number, score: number) =>
  Array.from({ length: items }, (_, i) => Math.max(0, Math.min(3, score - 3 * i)));

/**
 * A psychologist and a patient with a March of sessions (held, cancelled, missed, to come, and one on either side of
 * the month) and PHQ-9s on 3 and 9 March, a GAD-7 in February.
 */
async function practice(names: { firstName: string; lastName: string } = { firstName: 'Petro', lastName: 'Melnyk' }) {
  const psy = await createPsychologist(ctx.app);
  const patient = await createPatient(ctx.app, names);
  const session = (date: string, start: string, end: string, status?: 'CANCELED' | 'NO_SHOW') =>
    insertAppointment(ctx.app, { psychologistId: psy.id, patientId: patient.id, date, start, end, status });
  const before = await session('2026-02-28', '23:00', '23:50');
  const held = await session('2026-03-02', '10:00', '11:00');
  const canceled = await session('2026-03-04', '10:00', '11:00', 'CANCELED');
  const missed = await session('2026-03-06', '10:00', '11:00', 'NO_SHOW');
  const upcoming = await session('2026-03-12', '14:00', '15:00');
  const lastDay = await session('2026-03-31', '23:00', '23:50');
  const after = await session('2026-04-01', '00:00', '00:50');
  const fill = async (wallClock: string, instrument: 'PHQ9' | 'GAD7', score: number) => {
    ctx.setNow(wallClock);
    const answers = summing(instrument === 'PHQ9' ? 9 : 7, score);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/measures',
      token: patient.token,
      payload: { instrument, answers },
    });
    expect(res.status).toBe(201);
  };
  await fill('2026-02-20 09:00', 'GAD7', 12);
  await fill('2026-03-03 09:00', 'PHQ9', 14);
  await fill('2026-03-09 09:00', 'PHQ9', 8);
  ctx.setNow(TEST_NOW);
  return { psy, patient, sessions: { before, held, canceled, missed, upcoming, lastDay, after } };
}

describe('GET /api/doctor/reports/preview', () => {
  it('holds the sessions of the period by outcome and each questionnaire’s first and last score', async () => {
    const { psy, patient, sessions: s } = await practice();
    const res = await preview(psy, { patientId: patient.id, ...MARCH });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      patientId: patient.id,
      patientFirstName: 'Petro',
      patientLastName: 'Melnyk',
      ...MARCH,
      timeZone: 'Europe/Kyiv',
      sessions: [
        { id: s.held.id, date: '2026-03-02', startTime: '10:00', endTime: '11:00', outcome: 'ATTENDED' },
        { id: s.canceled.id, date: '2026-03-04', startTime: '10:00', endTime: '11:00', outcome: 'CANCELED' },
        { id: s.missed.id, date: '2026-03-06', startTime: '10:00', endTime: '11:00', outcome: 'NOT_ATTENDED' },
        { id: s.upcoming.id, date: '2026-03-12', startTime: '14:00', endTime: '15:00', outcome: 'UPCOMING' },
        { id: s.lastDay.id, date: '2026-03-31', startTime: '23:00', endTime: '23:50', outcome: 'UPCOMING' },
      ],
      counts: { ATTENDED: 1, CANCELED: 1, NOT_ATTENDED: 1, UPCOMING: 2 },
      groupSessionsAttended: 0,
      measures: [
        {
          instrument: 'PHQ9',
          count: 2,
          first: { score: 14, band: 'MODERATE', date: '2026-03-03' },
          last: { score: 8, band: 'MILD', date: '2026-03-09' },
        },
        { instrument: 'GAD7', count: 0, first: null, last: null },
      ],
    });
  });

  it('reads days and times on the psychologist’s own clock', async () => {
    const { psy, patient, sessions: s } = await practice();
    const zone = await call(ctx.app, {
      method: 'PUT',
      url: '/api/user/time-zone',
      token: psy.token,
      payload: { timeZone: 'America/New_York' },
    });
    expect(zone.status).toBeLessThan(300);
    const res = await preview(psy, { patientId: patient.id, from: '2026-02-28', to: '2026-03-02' });
    // 28 Feb 23:00 in Kyiv is 16:00 in New York; 1 April 00:00 in Kyiv is still 31 March there.
    expect(res.body.timeZone).toBe('America/New_York');
    expect(res.body.sessions.map((x: { id: number; date: string; startTime: string }) => [x.id, x.date, x.startTime])).toEqual([
      [s.before.id, '2026-02-28', '16:00'],
      [s.held.id, '2026-03-02', '03:00'],
    ]);
    const end = await preview(psy, { patientId: patient.id, from: '2026-03-31', to: '2026-03-31' });
    expect(end.body.sessions.map((x: { id: number }) => x.id)).toEqual([s.lastDay.id, s.after.id]);
  });
});

describe('POST /api/doctor/reports', () => {
  it('keeps the report as a clinical note that lists, reads and audits like one', async () => {
    const { psy, patient } = await practice();
    const res = await postReport(psy, {
      patientId: patient.id,
      ...MARCH,
      summary: '<p>Sleeps <strong>better</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      privacyLevel: 'DOCTOR_MANAGER',
      locale: 'en',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      patientId: patient.id,
      patientFirstName: 'Petro',
      privacyLevel: 'DOCTOR_MANAGER',
      report: MARCH,
      version: 1,
    });
    const html: string = res.body.content;
    expect(html).toContain('<h2>Progress report</h2>');
    expect(html).toContain('<strong>Patient:</strong> Petro Melnyk');
    expect(html).toContain('1 March 2026 – 31 March 2026 (Europe/Kyiv)');
    expect(html).toContain('attended: 1 · cancelled: 1 · not attended: 1 · upcoming: 2');
    expect(html).toContain('Mon, 2 March 2026, 10:00–11:00 — attended');
    expect(html).toContain('Fri, 6 March 2026, 10:00–11:00 — not attended');
    expect(html).toContain('14 (moderate, 3 March 2026) → 8 (mild, 9 March 2026); completed 2 times');
    expect(html).toContain('GAD-7 (anxiety)</strong>: not completed in this period');
    expect(html).toContain('<p>Sleeps <strong>better</strong>.</p>');
    expect(html).not.toMatch(/script|onerror|<img/);

    expect((await listRecords(ctx.app, psy.token)).body).toEqual([res.body]);
    const trail = await ctx.app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, res.body.id)))
      .orderBy(asc(auditEvents.id));
    expect(trail).toEqual([{ action: 'CREATE' }]);
    // Edited as any note, it stays a report.
    const put = await call(ctx.app, {
      method: 'PUT',
      url: `/api/api/records/${res.body.id}`,
      token: psy.token,
      payload: { content: `${html}<p>Added later.</p>`, privacyLevel: 'DOCTOR_ONLY', patientId: patient.id, version: 1 },
    });
    expect(put.body).toMatchObject({ report: MARCH, version: 2, privacyLevel: 'DOCTOR_ONLY' });
  });

  it('writes the report in Ukrainian when asked', async () => {
    const { psy, patient } = await practice({ firstName: 'Тарас', lastName: 'Гриценко' });
    const res = await postReport(psy, { patientId: patient.id, ...MARCH, summary: '<p>Покращення сну.</p>', locale: 'uk' });
    expect(res.status).toBe(201);
    expect(res.body.privacyLevel).toBe('DOCTOR_ONLY');
    expect(res.body.content).toContain('<h2>Звіт про прогрес</h2>');
    expect(res.body.content).toContain('<strong>Пацієнт:</strong> Тарас Гриценко');
    expect(res.body.content).toContain('відбулася: 1 · скасована: 1 · пацієнт не прийшов: 1 · запланована: 2');
    expect(res.body.content).toContain('14 (помірна, 3 березня 2026 р.) → 8 (легка, 9 березня 2026 р.); заповнено 2 рази');
  });

  it('refuses a patient the psychologist does not treat, and callers who are not psychologists', async () => {
    const { psy, patient } = await practice();
    const stranger = await createPatient(ctx.app);
    const colleague = await createPsychologist(ctx.app);
    const body = (patientId: number) => ({ patientId, ...MARCH, summary: '<p>Fine</p>' });
    for (const [who, patientId] of [
      [psy, stranger.id],
      [colleague, patient.id],
      [psy, colleague.id],
      [psy, 2_000_000_000],
    ] as const) {
      expect((await postReport(who, body(patientId))).body.code).toBe('NOT_FOUND');
      expect((await preview(who, { patientId, ...MARCH })).body.code).toBe('NOT_FOUND');
    }
    // A cancelled booking alone does not make a patient theirs.
    const onlyCanceled = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: onlyCanceled.id,
      date: '2026-03-05',
      start: '12:00',
      end: '13:00',
      status: 'CANCELED',
    });
    expect((await postReport(psy, body(onlyCanceled.id))).status).toBe(404);
    expect((await postReport(patient, body(patient.id))).status).toBe(403);
    expect((await preview(await createUser(ctx.app, { role: 'MANAGER' }), { patientId: patient.id, ...MARCH })).status).toBe(403);
    expect((await listRecords(ctx.app, colleague.token)).body).toEqual([]);
  });

  it('validates the period, the summary and the privacy level', async () => {
    const { psy, patient } = await practice();
    const ok = { patientId: patient.id, ...MARCH, summary: '<p>Fine</p>' };
    const cases: [object, string][] = [
      [{ ...ok, from: '2026-03-10', to: '2026-03-09' }, 'to'],
      [{ ...ok, from: '2025-01-01', to: '2026-01-02' }, 'to'],
      [{ ...ok, from: '2026-02-30' }, 'from'],
      [{ ...ok, to: '31.03.2026' }, 'to'],
      [{ ...ok, summary: '<p> </p><br>' }, 'summary'],
      [{ ...ok, summary: undefined }, 'summary'],
      [{ ...ok, privacyLevel: 'EVERYONE' }, 'privacyLevel'],
      [{ ...ok, patientId: String(patient.id) }, 'patientId'],
      [{ ...ok, locale: 'de' }, 'locale'],
    ];
    for (const [payload, field] of cases) {
      const res = await postReport(psy, payload);
      expect({ field, status: res.status, code: res.body.code, text: JSON.stringify(res.body) }).toMatchObject({
        field,
        status: 400,
        code: 'VALIDATION',
        text: expect.stringContaining(field),
      });
    }
    expect((await preview(psy, { patientId: patient.id, from: '2026-03-10', to: '2026-03-01' })).status).toBe(400);
    expect((await preview(psy, { patientId: 'x', ...MARCH })).status).toBe(400);
    // A whole year, both ends included, is allowed.
    expect((await postReport(psy, { ...ok, from: '2025-04-01', to: '2026-03-31' })).status).toBe(201);
    expect((await postReport(psy, { ...ok, summary: `<p>${'a'.repeat(110_000)}</p>` })).status).toBe(413);
  });
});

describe('GET /api/reports/:id/pdf', () => {
  it('downloads the report as a PDF with the fonts inside, Ukrainian text included', async () => {
    const { psy, patient } = await practice({ firstName: 'Тарас', lastName: 'Гриценко' });
    const note = (
      await postReport(psy, { patientId: patient.id, ...MARCH, summary: '<p>Покращення <em>сну</em>.</p>', locale: 'uk' })
    ).body;
    const res = await getPdf(psy, note.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename=progress-report-2026-03-01-2026-03-31.pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.raw.rawPayload;
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(data.toString('latin1')).toMatch(/\/FontFile2/);
    const text = await pdfText(data);
    for (const words of ['Звіт про прогрес', 'Тарас Гриценко', 'Покращення', 'відбулася', 'PHQ-9 (депресія)']) {
      expect(text).toContain(words);
    }
  });

  it('follows the note rules: the author, a manager or the patient as shared, audited; anyone else 404', async () => {
    const { psy, patient } = await practice({ firstName: 'Olha', lastName: 'Koval' });
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const otherManager = await createUser(ctx.app, { role: 'MANAGER' });
    await ctx.app.db
      .insert(managerAssignments)
      .values({ managerId: manager.id, patientId: patient.id, from: new Date('2026-01-01') });
    const report = async (privacyLevel: string) =>
      (await postReport(psy, { patientId: patient.id, ...MARCH, summary: '<p>Steady</p>', privacyLevel, locale: 'en' })).body
        .id as number;
    const own = await report('DOCTOR_ONLY');
    const withManager = await report('DOCTOR_MANAGER');
    const shared = await report('DOCTOR_PATIENT_MANAGER');
    const plainNote = (await postRecord(ctx.app, psy.token, { content: '<p>Note</p>', patientId: patient.id })).body.id;
    const colleague = await createPsychologist(ctx.app);
    const admin = await createUser(ctx.app, { role: 'ADMIN' });

    const statusOf = async (who: TestUser, id: number) => (await getPdf(who, id)).status;
    expect(await statusOf(psy, own)).toBe(200);
    expect(await statusOf(psy, plainNote)).toBe(404);
    expect(await statusOf(psy, 2_000_000_000)).toBe(404);
    expect(await statusOf(colleague, own)).toBe(404);
    expect(await statusOf(manager, own)).toBe(404);
    expect(await statusOf(patient, own)).toBe(404);
    expect(await statusOf(patient, withManager)).toBe(404);
    expect(await statusOf(otherManager, withManager)).toBe(404);
    expect(await statusOf(admin, shared)).toBe(403);

    const manRead = await getPdf(manager, withManager);
    expect(manRead.status).toBe(200);
    expect(await pdfText(manRead.raw.rawPayload)).toContain('Olha Koval');
    expect(await statusOf(patient, shared)).toBe(200);
    const reads = await ctx.app.db
      .select({ userId: auditEvents.userId, recordId: auditEvents.recordId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'READ'), eq(auditEvents.patientId, patient.id)))
      .orderBy(asc(auditEvents.id));
    expect(reads).toEqual([
      { userId: manager.id, recordId: withManager },
      { userId: patient.id, recordId: shared },
    ]);
  });
});

describe('the audit trail of report actions', () => {
  it('writes one entry per action, saying which questionnaires it read', async () => {
    const { psy, patient } = await practice({ firstName: 'Iryna', lastName: 'Bondar' });
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    await ctx.app.db
      .insert(managerAssignments)
      .values({ managerId: manager.id, patientId: patient.id, from: new Date('2026-01-01') });
    let seen = 0;
    /** The entries written about the patient since the last look. */
    const written = async () => {
      const rows = await ctx.app.db
        .select({ id: auditEvents.id, action: auditEvents.action, userId: auditEvents.userId, detail: auditEvents.detail })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, patient.id), gt(auditEvents.id, seen)))
        .orderBy(asc(auditEvents.id));
      seen = rows.at(-1)?.id ?? seen;
      return rows.map(({ id: _, ...row }) => row);
    };
    await written();
    const read = 'PHQ9 ×2, GAD7 ×0';

    expect((await preview(psy, { patientId: patient.id, ...MARCH })).status).toBe(200);
    expect(await written()).toEqual([
      { action: 'MEASURE_READ', userId: psy.id, detail: `Progress report preview, 2026-03-01 to 2026-03-31: ${read}` },
    ]);

    const note = await postReport(psy, {
      patientId: patient.id,
      ...MARCH,
      summary: '<p>Calmer</p>',
      privacyLevel: 'DOCTOR_PATIENT_MANAGER',
    });
    expect(note.status).toBe(201);
    expect(await written()).toEqual([
      { action: 'CREATE', userId: psy.id, detail: `Progress report, 2026-03-01 to 2026-03-31: ${read}` },
    ]);

    expect((await getPdf(manager, note.body.id)).status).toBe(200);
    expect(await written()).toEqual([{ action: 'READ', userId: manager.id, detail: null }]);

    const view = await patientRecords(ctx.app, patient.token);
    expect(view.body.map((r: { id: number }) => r.id)).toEqual([note.body.id]);
    expect(await written()).toEqual([{ action: 'READ', userId: patient.id, detail: null }]);

    // The author's own reads of their note are not on the trail.
    expect((await getPdf(psy, note.body.id)).status).toBe(200);
    expect(await written()).toEqual([]);
  });
});
