import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, managerAssignments, measures, notifications, users } from '../src/db/schema/index.js';
import { type Keyring, open, parseKeyring } from '../src/lib/records-cipher.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, RECORDS_KEY, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const post = (who: TestUser, payload: unknown) =>
  call(ctx.app, { method: 'POST', url: '/api/patient/measures', token: who.token, payload: payload as object });
const get = (who: TestUser, url: string) => call(ctx.app, { method: 'GET', url, token: who.token });

const PHQ9 = (...answers: number[]) => ({ instrument: 'PHQ9', answers });
const GAD7 = (...answers: number[]) => ({ instrument: 'GAD7', answers });
/** Answers that add up to `score` over `items` items (each 0–3). */
const summing = (items: number, score: number) =>
  Array.from({ length: items }, (_, i) => Math.max(0, Math.min(3, score - 3 * i)));

/** A psychologist treating a patient (an upcoming session together), and a manager following that patient. */
async function practice() {
  const psy = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
  const patient = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Shevchenko' });
  const manager = await createUser(ctx.app, { role: 'MANAGER' });
  const session = await insertAppointment(ctx.app, {
    psychologistId: psy.id,
    patientId: patient.id,
    date: '2026-03-12',
    start: '14:00',
    end: '15:00',
  });
  await ctx.app.db
    .insert(managerAssignments)
    .values({ managerId: manager.id, patientId: patient.id, from: new Date(Date.now() - 86_400_000) });
  return { psy, patient, manager, session };
}

describe('POST /api/patient/measures', () => {
  it('scores each instrument into its published bands', async () => {
    const cases: [string, number, number, string][] = [
      ['PHQ9', 9, 0, 'MINIMAL'],
      ['PHQ9', 9, 4, 'MINIMAL'],
      ['PHQ9', 9, 5, 'MILD'],
      ['PHQ9', 9, 9, 'MILD'],
      ['PHQ9', 9, 10, 'MODERATE'],
      ['PHQ9', 9, 14, 'MODERATE'],
      ['PHQ9', 9, 15, 'MODERATELY_SEVERE'],
      ['PHQ9', 9, 19, 'MODERATELY_SEVERE'],
      ['PHQ9', 9, 20, 'SEVERE'],
      ['PHQ9', 9, 27, 'SEVERE'],
      ['GAD7', 7, 0, 'MINIMAL'],
      ['GAD7', 7, 4, 'MINIMAL'],
      ['GAD7', 7, 5, 'MILD'],
      ['GAD7', 7, 9, 'MILD'],
      ['GAD7', 7, 10, 'MODERATE'],
      ['GAD7', 7, 14, 'MODERATE'],
      ['GAD7', 7, 15, 'SEVERE'],
      ['GAD7', 7, 21, 'SEVERE'],
    ];
    for (const [instrument, items, score, band] of cases) {
      const answers = summing(items, score).reverse();
      // A patient each: one sends at most 10 an hour (risk-alerts.test.ts).
      const res = await post(await createPatient(ctx.app), { instrument, answers });
      expect({ instrument, score, status: res.status }).toEqual({ instrument, score, status: 201 });
      const { crisisResources, ...saved } = res.body;
      expect(saved).toEqual({ id: expect.any(Number), instrument, score, band, createdAt: expect.any(String) });
      // Only a PHQ-9 with item 9 above "not at all" carries crisis help (crisis-help.test.ts).
      expect(crisisResources !== undefined).toBe(instrument === 'PHQ9' && answers[8] > 0);
    }
  });

  it('refuses anything but a whole 0–3 answer per item, exactly as many as the instrument has, naming the field', async () => {
    const patient = await createPatient(ctx.app);
    const bad: [unknown, string][] = [
      [PHQ9(0, 0, 0, 0, 0, 0, 0), 'body.answers'],
      [PHQ9(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 'body.answers'],
      [GAD7(0, 0, 0, 0, 0, 0, 0, 0, 0), 'body.answers'],
      [GAD7(), 'body.answers'],
      [GAD7(0, 0, 0, 0, 0, 0, 4), 'body.answers.6'],
      [GAD7(0, 0, -1, 0, 0, 0, 0), 'body.answers.2'],
      [GAD7(0, 0, 1.5, 0, 0, 0, 0), 'body.answers.2'],
      [{ instrument: 'GAD7', answers: [0, 0, '1', 0, 0, 0, 0] }, 'body.answers.2'],
      [{ instrument: 'GAD7', answers: [0, 0, null, 0, 0, 0, 0] }, 'body.answers.2'],
      [{ instrument: 'PHQ2', answers: [0, 0] }, 'body.instrument'],
      [{ answers: [0, 0, 0, 0, 0, 0, 0] }, 'body.instrument'],
      [{ instrument: 'GAD7' }, 'body.answers'],
      [{ instrument: 'GAD7', answers: '0000000' }, 'body.answers'],
    ];
    for (const [payload, field] of bad) {
      const res = await post(patient, payload);
      expect({ payload, status: res.status, code: res.body.code }).toEqual({ payload, status: 400, code: 'VALIDATION' });
      expect({ payload, fields: res.body.fields.map((f: { field: string }) => f.field) }).toEqual({
        payload,
        fields: expect.arrayContaining([field]),
      });
    }
    expect(await ctx.app.db.select().from(measures).where(eq(measures.patientId, patient.id))).toEqual([]);
  });

  it('is for onboarded patients only', async () => {
    const callers = [
      await createUser(ctx.app, { role: 'PATIENT', profileCompleted: false }),
      await createUser(ctx.app, { role: null }),
      await createPsychologist(ctx.app),
      await createUser(ctx.app, { role: 'MANAGER' }),
      await createUser(ctx.app, { role: 'ADMIN' }),
    ];
    for (const who of callers) {
      expect({ role: who.role, status: (await post(who, GAD7(1, 1, 1, 1, 1, 1, 1))).status }).toEqual({
        role: who.role,
        status: 403,
      });
      expect({ role: who.role, status: (await get(who, '/api/patient/measures')).status }).toEqual({
        role: who.role,
        status: 403,
      });
    }
    expect(await ctx.app.db.select().from(measures).where(eq(measures.patientId, callers[0].id))).toEqual([]);
  });

  it('keeps answers and score sealed at rest, bound to their row', async () => {
    const patient = await createPatient(ctx.app);
    const answers = [3, 3, 3, 3, 3, 3, 2, 2, 0];
    const saved = (await post(patient, { instrument: 'PHQ9', answers })).body;
    const [row] = await ctx.app.db.select().from(measures).where(eq(measures.id, saved.id));
    expect(Object.keys(row).sort()).toEqual(['content', 'createdAt', 'id', 'instrument', 'keyVersion', 'patientId']);
    const stored = Buffer.from(row.content).toString('latin1');
    expect(stored).not.toContain('[3,3');
    expect(stored).not.toContain('22');
    expect(stored).not.toContain('score');
    // It opens with the notes' keyring, bound to this row's id, patient and instrument.
    const ring = parseKeyring(RECORDS_KEY) as Keyring;
    const aad = `measure:${row.id}:patient:${patient.id}:instrument:PHQ9`;
    expect(JSON.parse(open(ring, row, aad))).toEqual({ answers, score: 22 });
    expect(() => open(ring, row, `measure:${row.id}:patient:${patient.id + 1}:instrument:PHQ9`)).toThrow();
  });
});

describe('GET /api/patient/measures', () => {
  it('lists the own completions oldest first with their answers, and asks at intake and from 24 hours before a session', async () => {
    const { patient } = await practice();
    const first = await get(patient, '/api/patient/measures');
    expect(first.body).toEqual({
      measures: [],
      prompt: { reason: 'INTAKE', instruments: ['PHQ9', 'GAD7'], appointmentId: null, startsAt: null },
      crisis: null,
    });

    await post(patient, PHQ9(1, 1, 1, 1, 1, 0, 0, 0, 0));
    const afterOne = (await get(patient, '/api/patient/measures')).body;
    expect(afterOne.prompt).toEqual({ reason: 'INTAKE', instruments: ['GAD7'], appointmentId: null, startsAt: null });

    ctx.setNow('2026-03-11 10:30');
    await post(patient, GAD7(2, 2, 2, 2, 2, 0, 0));
    const done = (await get(patient, '/api/patient/measures')).body;
    expect(done.measures.map((m: { instrument: string; score: number; band: string; answers: number[] }) => m)).toEqual([
      expect.objectContaining({ instrument: 'PHQ9', score: 5, band: 'MILD', answers: [1, 1, 1, 1, 1, 0, 0, 0, 0] }),
      expect.objectContaining({ instrument: 'GAD7', score: 10, band: 'MODERATE', answers: [2, 2, 2, 2, 2, 0, 0] }),
    ]);
    // The session is on 2026-03-12 at 14:00: more than 24 hours ahead, nothing is asked.
    expect(done.prompt).toBeNull();
  });

  it('asks again before each confirmed session, for what was not filled since 24 hours before it', async () => {
    const { patient, session } = await practice();
    await post(patient, PHQ9(0, 0, 0, 0, 0, 0, 0, 0, 0));
    await post(patient, GAD7(0, 0, 0, 0, 0, 0, 0));
    ctx.setNow('2026-03-11 14:30');
    const due = (await get(patient, '/api/patient/measures')).body;
    expect(due.prompt).toEqual({
      reason: 'BEFORE_SESSION',
      instruments: ['PHQ9', 'GAD7'],
      appointmentId: session.id,
      startsAt: session.startsAt.toISOString(),
    });
    await post(patient, GAD7(1, 0, 0, 0, 0, 0, 0));
    expect((await get(patient, '/api/patient/measures')).body.prompt.instruments).toEqual(['PHQ9']);
    await post(patient, PHQ9(1, 0, 0, 0, 0, 0, 0, 0, 0));
    expect((await get(patient, '/api/patient/measures')).body.prompt).toBeNull();
  });

  it('does not ask before a canceled session', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await post(patient, PHQ9(0, 0, 0, 0, 0, 0, 0, 0, 0));
    await post(patient, GAD7(0, 0, 0, 0, 0, 0, 0));
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-12',
      start: '09:00',
      end: '10:00',
      status: 'CANCELED',
      reason: 'Ill',
    });
    ctx.setNow('2026-03-11 14:30');
    expect((await get(patient, '/api/patient/measures')).body.prompt).toBeNull();
  });
});

describe('reading a patient’s measures', () => {
  it('is for the treating psychologist and the following manager, audited; nobody else', async () => {
    const { psy, patient, manager } = await practice();
    await post(patient, PHQ9(2, 2, 2, 2, 2, 2, 2, 1, 0));
    await post(patient, GAD7(3, 3, 3, 3, 3, 3, 3));

    const expected = [
      expect.objectContaining({ instrument: 'PHQ9', score: 15, band: 'MODERATELY_SEVERE', answers: [2, 2, 2, 2, 2, 2, 2, 1, 0] }),
      expect.objectContaining({ instrument: 'GAD7', score: 21, band: 'SEVERE', answers: [3, 3, 3, 3, 3, 3, 3] }),
    ];
    const byPsy = await get(psy, `/api/doctor/patients/${patient.id}/measures`);
    expect(byPsy).toMatchObject({ status: 200, body: expected });
    const byManager = await get(manager, `/api/manager/measures/${patient.id}`);
    expect(byManager).toMatchObject({ status: 200, body: expected });

    const trail = await ctx.app.db
      .select({ userId: auditEvents.userId, role: auditEvents.role })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'MEASURE_READ'), eq(auditEvents.patientId, patient.id)));
    expect(trail).toEqual([
      { userId: psy.id, role: 'PSYCHOLOGIST' },
      { userId: manager.id, role: 'MANAGER' },
    ]);

    const stranger = await createPsychologist(ctx.app);
    const formerManager = await createUser(ctx.app, { role: 'MANAGER' });
    await ctx.app.db.insert(managerAssignments).values({
      managerId: formerManager.id,
      patientId: patient.id,
      from: new Date(Date.now() - 10 * 86_400_000),
      until: new Date(Date.now() - 86_400_000),
    });
    // A psychologist whose only booking with the patient was canceled does not treat them.
    const canceled = await createPsychologist(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: canceled.id,
      patientId: patient.id,
      date: '2026-03-13',
      start: '09:00',
      end: '10:00',
      status: 'CANCELED',
      reason: 'Ill',
    });
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const refusals = [
      [stranger, `/api/doctor/patients/${patient.id}/measures`, 404],
      [canceled, `/api/doctor/patients/${patient.id}/measures`, 404],
      [formerManager, `/api/manager/measures/${patient.id}`, 404],
      [admin, `/api/doctor/patients/${patient.id}/measures`, 403],
      [admin, `/api/manager/measures/${patient.id}`, 403],
      [patient, `/api/doctor/patients/${patient.id}/measures`, 403],
      [patient, `/api/manager/measures/${patient.id}`, 403],
      [manager, `/api/doctor/patients/${patient.id}/measures`, 403],
    ] as const;
    for (const [who, url, status] of refusals) {
      expect({ role: who.role, url, status: (await get(who, url)).status }).toEqual({ role: who.role, url, status });
    }
    const after = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'MEASURE_READ'));
    expect(after.filter((e) => e.patientId === patient.id)).toHaveLength(2);
  });

  it('does not audit the patient reading their own', async () => {
    const patient = await createPatient(ctx.app);
    await post(patient, GAD7(1, 1, 1, 1, 1, 1, 1));
    await get(patient, '/api/patient/measures');
    expect(await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, patient.id))).toEqual([]);
  });
});

describe('the PHQ-9 self-harm alert', () => {
  const alertsTo = (userId: number) =>
    ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'RISK_ALERT')));

  it('alerts the treating psychologist at once, in the app and by mail, without answers or score', async () => {
    const { psy, patient, manager } = await practice();
    const bystander = await createPsychologist(ctx.app);
    const answers = [3, 3, 3, 3, 3, 3, 2, 2, 1];
    const started = Date.now();
    const res = await post(patient, { instrument: 'PHQ9', answers });
    expect(res.body).toMatchObject({ score: 23, band: 'SEVERE' });

    const [mail] = await ctx.mail.waitForMails(psy.email, 1, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(mail.subject).toBe('Urgent: please check on Petro Shevchenko');
    expect(mail.text).toContain('Petro Shevchenko');
    // Digits only in the link to the patient's view, which names their id.
    const withoutLinks = (body: string) => body.replace(/https?:\/\/\S+/g, '');
    expect(withoutLinks(mail.text)).not.toMatch(/\d/);
    expect(withoutLinks(mail.html)).not.toContain('23');
    expect(mail.text).not.toMatch(/PHQ|GAD|score|answer/i);

    const bell = await get(psy, '/api/notifications');
    expect(bell.body.content).toEqual([
      expect.objectContaining({
        kind: 'RISK_ALERT',
        appointmentId: null,
        title: 'Urgent: please check on Petro Shevchenko',
        read: false,
      }),
    ]);
    expect(await alertsTo(bystander.id)).toEqual([]);
    expect(await alertsTo(manager.id)).toEqual([]);
    expect(ctx.mail.mailsTo(bystander.email)).toEqual([]);
  });

  it('speaks the psychologist’s language', async () => {
    const { psy, patient } = await practice();
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, psy.id));
    await post(patient, PHQ9(0, 0, 0, 0, 0, 0, 0, 0, 2));
    const [mail] = await ctx.mail.waitForMails(psy.email, 1, 5000);
    expect(mail.subject).toBe('Терміново: зверніть увагу на пацієнта Petro Shevchenko');
    expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/\d/);
  });

  it('stays quiet when item 9 is "not at all", however high the score, and for the GAD-7', async () => {
    const { psy, patient } = await practice();
    await post(patient, PHQ9(3, 3, 3, 3, 3, 3, 3, 3, 0));
    await post(patient, GAD7(3, 3, 3, 3, 3, 3, 3));
    // A third completion that does alert: once its mail is in, the two before it have had every chance to send theirs.
    await post(patient, PHQ9(0, 0, 0, 0, 0, 0, 0, 0, 1));
    await ctx.mail.waitForMails(psy.email, 1, 5000);
    expect(await alertsTo(psy.id)).toHaveLength(1);
    expect(ctx.mail.mailsTo(psy.email)).toHaveLength(1);
  });
});
