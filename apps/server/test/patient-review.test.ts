import { REVIEW_MAX_BYTES } from '@rozmova/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const review = (id: number | string, payload: object, token: string) =>
  call(ctx.app, { method: 'PUT', url: `/api/patient/appointments/${id}/review`, token, payload });
const archived = async (token: string) =>
  (await call(ctx.app, { method: 'GET', url: '/api/patient/appointments?status=archived', token })).body as {
    id: number;
    patientReview: string | null;
    patientReviewedAt: string | null;
  }[];

/** A patient with appointments at each stage (TEST_NOW is 10:20): ended, in progress, upcoming, canceled. */
async function patientWithVisits() {
  const doc = await createPsychologist(ctx.app);
  const patient = await createPatient(ctx.app);
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
    ended: await row(-2, '10:00', '11:00'),
    endedToday: await row(0, '08:00', '09:00'),
    inProgress: await row(0, '10:00', '11:00'),
    upcoming: await row(3, '10:00', '11:00'),
    canceled: await row(-5, '10:00', '11:00', 'CANCELED'),
  };
}

describe('PUT /api/patient/appointments/{id}/review', () => {
  it('takes 10 saves per patient in 15 minutes, then answers 429 with Retry-After, without saving', async () => {
    const v = await patientWithVisits();
    for (let i = 0; i < 10; i++) expect((await review(v.ended.id, { review: `Take ${i}` }, v.patient.token)).status).toBe(200);
    const refused = await review(v.ended.id, { review: 'One too many' }, v.patient.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await archived(v.patient.token)).find((a) => a.id === v.ended.id)?.patientReview).toBe('Take 9');
    // Another patient is not held back.
    const other = await patientWithVisits();
    expect((await review(other.ended.id, { review: 'Mine' }, other.patient.token)).status).toBe(200);
  });

  it('saves sanitised feedback on an ended appointment, shows it on the archived tab, and replaces it on edit', async () => {
    const v = await patientWithVisits();
    const res = await review(
      v.ended.id,
      { review: '<p onmouseover="steal()">Very <strong>good</strong></p><script>x()</script>' },
      v.patient.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: v.ended.id, status: 'CONFIRMED', patientReview: '<p>Very <strong>good</strong></p>' });
    expect((await archived(v.patient.token)).find((a) => a.id === v.ended.id)?.patientReview).toBe(
      '<p>Very <strong>good</strong></p>',
    );
    expect((await review(v.ended.id, { review: '<p>Edited</p>' }, v.patient.token)).body.patientReview).toBe('<p>Edited</p>');
    expect((await review(v.endedToday.id, { review: 'Plain text' }, v.patient.token)).body.patientReview).toBe('Plain text');
    const list = await archived(v.patient.token);
    expect(list.find((a) => a.id === v.ended.id)?.patientReview).toBe('<p>Edited</p>');
    expect(list.find((a) => a.id === v.canceled.id)?.patientReview).toBeNull();
  });

  it('refuses feedback written over feedback saved since it was read with 409 STALE; a save naming none overwrites', async () => {
    const v = await patientWithVisits();
    const save = (payload: object) => review(v.ended.id, payload, v.patient.token);
    const stored = async () => (await archived(v.patient.token)).find((a) => a.id === v.ended.id);
    expect((await stored())?.patientReviewedAt).toBeNull();
    // Two tabs opened the form before there was any feedback.
    const first = await save({ review: 'Tab one', reviewedAt: null });
    expect(first.status).toBe(200);
    const readAt = first.body.patientReviewedAt as string;
    expect(readAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const second = await save({ review: 'Tab two', reviewedAt: null });
    expect([second.status, second.body.code]).toEqual([409, 'STALE']);
    // An edit of the saved feedback applies; its time is later even though the test clock stands still.
    const edit = await save({ review: 'Tab one, edited', reviewedAt: readAt });
    expect(edit.status).toBe(200);
    expect(edit.body.patientReviewedAt > readAt).toBe(true);
    const late = await save({ review: 'Over an old read', reviewedAt: readAt });
    expect([late.status, late.body.code]).toEqual([409, 'STALE']);
    expect(await stored()).toMatchObject({ patientReview: 'Tab one, edited', patientReviewedAt: edit.body.patientReviewedAt });
    // The spec's client names none and overwrites.
    const blind = await save({ review: 'No version' });
    expect(blind.status).toBe(200);

    const applied = await expectOneOfConcurrentWrites(4, (i) =>
      save({ review: `Race ${i}`, reviewedAt: blind.body.patientReviewedAt }),
    );
    expect(await stored()).toMatchObject({
      patientReview: applied.body.patientReview,
      patientReviewedAt: applied.body.patientReviewedAt,
    });
  });

  it('refuses an appointment that has not ended or never took place with 409, and changes nothing', async () => {
    const v = await patientWithVisits();
    for (const id of [v.inProgress.id, v.upcoming.id, v.canceled.id]) {
      const res = await review(id, { review: '<p>Too soon</p>' }, v.patient.token);
      expect([res.status, res.body.code]).toEqual([409, 'NOT_ENDED']);
    }
    expect((await archived(v.patient.token)).every((a) => a.patientReview === null)).toBe(true);
  });

  it("answers 404 for another patient's appointment or none, and 403 for the psychologist", async () => {
    const v = await patientWithVisits();
    const stranger: TestUser = await createPatient(ctx.app);
    expect((await review(v.ended.id, { review: 'Mine now' }, stranger.token)).status).toBe(404);
    expect((await review(2_000_000_000, { review: 'Nothing' }, v.patient.token)).status).toBe(404);
    expect((await review(v.ended.id, { review: 'As the doctor' }, v.doc.token)).status).toBe(403);
    expect((await archived(v.patient.token)).find((a) => a.id === v.ended.id)?.patientReview).toBeNull();
  });

  it('refuses an empty or invisible review with 400 naming the field, and one over the size limit with 413', async () => {
    const v = await patientWithVisits();
    for (const payload of [{}, { review: '' }, { review: '<p> </p>' }, { review: '<script>only()</script>' }, { review: 5 }]) {
      const res = await review(v.ended.id, payload, v.patient.token);
      expect([res.status, res.body.fields?.[0]?.field]).toEqual([400, 'body.review']);
    }
    const big = await review(v.ended.id, { review: `<p>${'a'.repeat(REVIEW_MAX_BYTES)}</p>` }, v.patient.token);
    expect([big.status, big.body.code]).toEqual([413, 'TOO_LARGE']);
    expect((await review('x', { review: 'Good' }, v.patient.token)).status).toBe(400);
    // The probe that took 3.6 s and answered 500.
    const deep = await review(v.ended.id, { review: `${'<b>'.repeat(6600)}x` }, v.patient.token);
    expect([deep.status, deep.body.code, deep.body.fields?.[0]?.field]).toEqual([400, 'MARKUP_TOO_COMPLEX', 'body.review']);
  });
});
