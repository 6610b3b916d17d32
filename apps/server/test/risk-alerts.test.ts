import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.js';
import { MAIL_QUEUE } from '../src/modules/notifications/service.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const post = (who: TestUser, payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/patient/measures', token: who.token, payload });
/** A PHQ-9 whose self-harm item is "nearly every day". */
const alarming = { instrument: 'PHQ9', answers: [1, 1, 1, 1, 1, 1, 1, 1, 3] };
const quiet = { instrument: 'GAD7', answers: [0, 0, 0, 0, 0, 0, 0] };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A psychologist with one booking of a patient, as in the report: a treating relationship and nothing more. */
async function booked() {
  const psy = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
  const patient = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Shevchenko' });
  await insertAppointment(ctx.app, {
    psychologistId: psy.id,
    patientId: patient.id,
    date: '2026-03-12',
    start: '14:00',
    end: '15:00',
  });
  return { psy, patient };
}

const alertsTo = (userId: number) =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'RISK_ALERT')))
    .orderBy(asc(notifications.id));

/** The mail job of a notification: when it may start, in seconds from the database's now. */
async function mailJobDelay(notificationId: number): Promise<number> {
  const result = await ctx.app.db.execute(
    sql`select extract(epoch from start_after - now())::int as s from jobs.job where name = ${MAIL_QUEUE} and data->>'notificationId' = ${String(notificationId)}`,
  );
  return Number((result as unknown as { rows: { s: unknown }[] }).rows[0].s);
}

/** As if its hour were over: the job of that notification may start now, and this process looks for it. */
async function runDelayedMail(notificationId: number) {
  await ctx.app.db.execute(
    sql`update jobs.job set start_after = now() where name = ${MAIL_QUEUE} and data->>'notificationId' = ${String(notificationId)}`,
  );
  ctx.app.jobs.wake(MAIL_QUEUE);
}

describe('risk alerts about one patient', () => {
  it('are each in the bell, mailed at most once an hour, the next mail counting those since the last', async () => {
    const { psy, patient } = await booked();
    expect((await post(patient, alarming)).status).toBe(201);
    const [first] = await ctx.mail.waitForMails(psy.email, 1, 5000);
    expect(first.text).toContain('A questionnaire Petro Shevchenko completed just now');

    for (let i = 0; i < 4; i++) expect((await post(patient, alarming)).status).toBe(201);
    await pause(2500);
    expect(ctx.mail.mailsTo(psy.email)).toHaveLength(1);
    const alerts = await alertsTo(psy.id);
    expect(alerts.map((a) => a.mail)).toEqual(['SENT', 'PENDING', 'SKIPPED', 'SKIPPED', 'SKIPPED']);
    const bell = await call(ctx.app, { method: 'GET', url: '/api/notifications', token: psy.token });
    expect(bell.body.content.filter((n: { kind: string }) => n.kind === 'RISK_ALERT')).toHaveLength(5);
    // The second alert's mail waits an hour from the first mail, and carries the four since.
    expect(await mailJobDelay(alerts[1].id)).toBeGreaterThan(3500);

    await runDelayedMail(alerts[1].id);
    const [, summary] = await ctx.mail.waitForMails(psy.email, 2, 10_000);
    expect(summary.subject).toBe('Urgent: please check on Petro Shevchenko');
    expect(summary.text).toContain('4 questionnaires Petro Shevchenko completed in the last hour');
    expect(summary.text).not.toMatch(/PHQ|GAD|score|answer/i);

    // Hours later, the next alert is mailed at once, on its own.
    ctx.setNow('2026-03-11 14:00');
    expect((await post(patient, alarming)).status).toBe(201);
    const [, , later] = await ctx.mail.waitForMails(psy.email, 3, 5000);
    expect(later.text).toContain('completed just now');
  });

  it('sent at the same moment are mailed once', async () => {
    const { psy, patient } = await booked();
    const answers = await Promise.all([post(patient, alarming), post(patient, alarming), post(patient, alarming)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    await ctx.mail.waitForMails(psy.email, 1, 5000);
    await pause(2500);
    expect(ctx.mail.mailsTo(psy.email)).toHaveLength(1);
    expect(await alertsTo(psy.id)).toHaveLength(3);
  });
});

describe('questionnaires per patient', () => {
  it('are at most 10 an hour; then 429 with Retry-After, other patients unaffected', async () => {
    const patient = await createPatient(ctx.app);
    for (let i = 0; i < 10; i++) expect((await post(patient, quiet)).status).toBe(201);
    const refused = await post(patient, alarming);
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await post(await createPatient(ctx.app), quiet)).status).toBe(201);
  });
});
