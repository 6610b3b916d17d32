import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { measures, users } from '../src/db/schema/index.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const SELF_HARM = { instrument: 'PHQ9', answers: [1, 1, 1, 1, 1, 1, 1, 1, 2] };
const post = (who: TestUser, payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/patient/measures', token: who.token, payload });
const get = (who: TestUser, url: string) => call(ctx.app, { method: 'GET', url, token: who.token });
const phones = (resources: { phone: string | null }[]) => resources.map((r) => r.phone);

async function patientIn(timeZone: string) {
  const patient = await createPatient(ctx.app, { firstName: 'Maria', lastName: 'Lopez' });
  await ctx.app.db.update(users).set({ timeZone }).where(eq(users.id, patient.id));
  return patient;
}

describe('crisis help follows the patient', () => {
  it("answers a New York patient's self-harm answer with the US lines, and a Kyiv patient's with Ukraine's", async () => {
    const newYork = await post(await patientIn('America/New_York'), SELF_HARM);
    expect(newYork.status).toBe(201);
    expect(phones(newYork.body.crisisResources)).toEqual(['911', '988']);
    expect(newYork.body.crisisResources[1]).toEqual({
      kind: 'LINE',
      name: '988 Suicide & Crisis Lifeline',
      phone: '988',
      url: 'https://988lifeline.org',
    });
    const kyiv = await post(await patientIn('Europe/Kyiv'), SELF_HARM);
    expect(phones(kyiv.body.crisisResources)).toEqual(['112', '7333']);
    expect(kyiv.body.crisisResources[1].name).toBe('Lifeline Ukraine');
  });

  it('offers the international fallback elsewhere, and the country chosen in the profile over the zone', async () => {
    const tokyo = await patientIn('Asia/Tokyo');
    expect((await post(tokyo, SELF_HARM)).body.crisisResources[1].url).toBe('https://findahelpline.com');

    const profile = (await get(tokyo, '/api/patient/profile')).body;
    expect(profile).toMatchObject({ country: null, crisisCountry: 'INTL' });
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/patient/crisis-country',
      token: tokyo.token,
      payload: { country: 'GB' },
    });
    expect(saved.body).toEqual({ country: 'GB', crisisCountry: 'GB' });
    expect((await get(tokyo, '/api/patient/profile')).body).toMatchObject({ country: 'GB', crisisCountry: 'GB' });
    expect(phones((await get(tokyo, '/api/patient/measures')).body.crisis.resources)).toEqual(['999', '116 123']);
    const choose = (country: unknown) =>
      call(ctx.app, { method: 'PUT', url: '/api/patient/crisis-country', token: tokyo.token, payload: { country } });
    expect((await choose('FR')).status).toBe(400);
    expect((await choose(null)).body).toEqual({ country: null, crisisCountry: 'INTL' });
  });

  it('stays on the measures page for 14 days after the answer, until a later PHQ-9 no longer flags it', async () => {
    const patient = await patientIn('America/Chicago');
    expect((await get(patient, '/api/patient/measures')).body.crisis).toBeNull();
    const postedAt = Date.parse((await post(patient, SELF_HARM)).body.createdAt);
    await post(patient, { instrument: 'GAD7', answers: [0, 0, 0, 0, 0, 0, 0] });
    // Aged in the database: a session does not outlive a clock moved on by two weeks.
    const age = (days: number) =>
      ctx.app.db
        .update(measures)
        .set({ createdAt: new Date(postedAt - days * 86_400_000) })
        .where(eq(measures.patientId, patient.id));
    await age(13);
    const later = (await get(patient, '/api/patient/measures')).body.crisis;
    expect(later.country).toBe('US');
    expect(phones(later.resources)).toEqual(['911', '988']);

    await age(15);
    expect((await get(patient, '/api/patient/measures')).body.crisis).toBeNull();

    const again = await patientIn('America/Chicago');
    await post(again, SELF_HARM);
    await post(again, { instrument: 'PHQ9', answers: [0, 0, 0, 0, 0, 0, 0, 0, 0] });
    expect((await get(again, '/api/patient/measures')).body.crisis).toBeNull();
  });

  it('leaves a completion without self-harm answers without crisis help', async () => {
    const res = await post(await patientIn('America/New_York'), { instrument: 'PHQ9', answers: [3, 3, 3, 3, 3, 3, 3, 3, 0] });
    expect(res.body.crisisResources).toBeUndefined();
  });
});

describe("the risk alert leads to the patient's questionnaires", () => {
  it('in its mail and in the bell', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await patientIn('Europe/Kyiv');
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: '2026-03-12',
      start: '14:00',
      end: '15:00',
    });
    await post(patient, SELF_HARM);
    const [mail] = await ctx.mail.waitForMails(psy.email, 1, 5000);
    const link = `${ctx.app.config.publicUrl.replace(/\/$/, '')}/doctor/appointments?patient=${patient.id}`;
    expect(mail.text).toContain(`Open their questionnaires:\n${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    const bell = (await get(psy, '/api/notifications')).body.content;
    expect(bell).toEqual([expect.objectContaining({ kind: 'RISK_ALERT', patientId: patient.id, appointmentId: null })]);
  });
});
