import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../src/db/schema/index.js';
import { addDays, dayOfWeekOf } from '../src/lib/time.js';
import {
  addSlots,
  dateFromToday,
  halfHourDay,
  insertAppointment,
  nextWeekday,
  platformWhen,
  search,
  today,
} from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
let patient: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  patient = await createPatient(ctx.app);
});
afterAll(() => ctx.close());

const slot = platformWhen;

describe('free slots', () => {
  it('lays the weekly schedule over each date of a range across a week boundary', async () => {
    const doc = await createPsychologist(ctx.app);
    await addSlots(ctx.app, doc.id, 'SATURDAY', ['10:00', '11:00']);
    await addSlots(ctx.app, doc.id, 'SUNDAY', ['12:00', '13:00'], ['23:00', '24:00']);
    await addSlots(ctx.app, doc.id, 'MONDAY', ['14:00', '16:00'], ['09:00', '09:30']);
    await addSlots(ctx.app, doc.id, 'WEDNESDAY', ['10:00', '11:00']);
    const sat = nextWeekday(dateFromToday(ctx.app, 1), 'SATURDAY');
    const [found] = await search(ctx.app, patient.token, { startDate: sat, endDate: addDays(sat, 3) }, [doc.id]);
    expect(found.availableSlots).toEqual([
      slot(sat, '10:00', '11:00'),
      slot(addDays(sat, 1), '12:00', '13:00'),
      slot(addDays(sat, 1), '23:00', '24:00'),
      slot(addDays(sat, 2), '09:00', '09:30'),
      slot(addDays(sat, 2), '14:00', '16:00'),
    ]);
    expect(found).toMatchObject({ id: doc.id, firstName: 'Test', lastName: 'Psychologist', description: 'Test psychologist' });
  });

  it('repeats a weekday in a range of more than a week', async () => {
    const doc = await createPsychologist(ctx.app);
    await addSlots(ctx.app, doc.id, 'MONDAY', ['08:00', '09:00']);
    const mon = nextWeekday(dateFromToday(ctx.app, 1), 'MONDAY');
    const [found] = await search(ctx.app, patient.token, { startDate: mon, endDate: addDays(mon, 13) }, [doc.id]);
    expect(found.availableSlots).toEqual([slot(mon, '08:00', '09:00'), slot(addDays(mon, 7), '08:00', '09:00')]);
  });

  it("leaves out today's slots that have already started", async () => {
    const doc = await createPsychologist(ctx.app);
    await addSlots(ctx.app, doc.id, dayOfWeekOf(today(ctx.app)), ...halfHourDay());
    const day = today(ctx.app);
    const startsAt = async (wallClock: string) => {
      ctx.setNow(`${day} ${wallClock}`);
      const results = await search(ctx.app, patient.token, { startDate: day, endDate: day }, [doc.id]);
      return (results[0]?.availableSlots ?? []).map((s: { startTime: string }) => s.startTime);
    };
    const from = (hhmm: string) => halfHourDay().flatMap(([start]) => (start >= hhmm ? [start] : []));
    try {
      // A slot that starts this very minute or earlier is gone; one starting a minute from now is offered.
      expect(await startsAt('10:29')).toEqual(from('10:30'));
      expect(await startsAt('10:30')).toEqual(from('11:00'));
      expect(await startsAt('10:31')).toEqual(from('11:00'));
      expect(await startsAt('00:00')).toEqual(from('00:30'));
      expect(await startsAt('23:31')).toEqual([]);
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it('leaves out slots overlapping confirmed appointments and frees them again once canceled', async () => {
    const doc = await createPsychologist(ctx.app);
    const other = await createPatient(ctx.app);
    const date = dateFromToday(ctx.app, 2);
    await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ['10:00', '11:00'], ['11:00', '12:00'], ['12:00', '13:00']);
    const booked = await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: other.id,
      date,
      start: '10:00',
      end: '11:00',
    });
    // Booked before a schedule change: a half-hour inside the 12:00 slot still blocks that slot.
    await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: other.id, date, start: '12:30', end: '13:00' });
    await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: other.id,
      date,
      start: '11:00',
      end: '12:00',
      status: 'CANCELED',
      reason: 'Ill',
    });
    let [found] = await search(ctx.app, patient.token, { startDate: date, endDate: date }, [doc.id]);
    expect(found.availableSlots).toEqual([slot(date, '11:00', '12:00')]);

    const cancel = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/doctor/appointments/${booked.id}`,
      token: doc.token,
      payload: { reason: 'Moved' },
    });
    expect(cancel.status).toBe(200);
    [found] = await search(ctx.app, patient.token, { startDate: date, endDate: date }, [doc.id]);
    expect(found.availableSlots).toEqual([slot(date, '10:00', '11:00'), slot(date, '11:00', '12:00')]);
  });

  it('lists only psychologists offering one of the types', async () => {
    const kpt = await createPsychologist(ctx.app, { therapyTypes: ['KPT'] });
    const gestalt = await createPsychologist(ctx.app, { therapyTypes: ['GESTALT_TERAPIA', 'NLP'] });
    const date = dateFromToday(ctx.app, 1);
    for (const doc of [kpt, gestalt]) await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ['09:00', '10:00']);
    const ids = [kpt.id, gestalt.id];
    const ask = async (therapyTypes: string[]) =>
      (await search(ctx.app, patient.token, { startDate: date, endDate: date, therapyTypes }, ids)).map((d) => d.id);
    expect(await ask(['NLP'])).toEqual([gestalt.id]);
    expect(await ask(['KPT', 'ART_TERAPIA'])).toEqual([kpt.id]);
    expect((await ask(['KPT', 'GESTALT_TERAPIA'])).sort()).toEqual([...ids].sort());
    expect(await ask(['PSYCHODRAMA'])).toEqual([]);
  });

  it('lists only psychologists working in one of the languages asked for, each naming theirs', async () => {
    const ukrainian = await createPsychologist(ctx.app);
    const english = await createPsychologist(ctx.app);
    const profile = (token: string, languages: string[]) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/psychologist/profile',
        token,
        payload: { firstName: 'Test', lastName: 'Psychologist', experience: 5, therapyTypes: ['KPT'], languages },
      });
    expect((await profile(ukrainian.token, ['uk'])).body).toMatchObject({ languages: ['uk'] });
    expect((await profile(english.token, ['en', 'pl', 'en'])).body).toMatchObject({ languages: ['en', 'pl'] });
    const date = dateFromToday(ctx.app, 1);
    for (const doc of [ukrainian, english]) await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ['09:00', '10:00']);
    const ids = [ukrainian.id, english.id];
    const ask = async (languages?: string[]) =>
      (await search(ctx.app, patient.token, { startDate: date, endDate: date, languages }, ids)).map((d) => d.id).sort();
    expect(await ask(['en'])).toEqual([english.id]);
    expect(await ask(['uk', 'pl'])).toEqual([...ids].sort());
    expect(await ask(['de'])).toEqual([]);
    expect(await ask([])).toEqual([...ids].sort());
    expect(await ask()).toEqual([...ids].sort());
    const [found] = await search(ctx.app, patient.token, { startDate: date, endDate: date, languages: ['pl'] }, ids);
    expect(found.languages).toEqual(['en', 'pl']);
    const info = await call(ctx.app, { method: 'GET', url: `/api/doctors/${english.id}`, token: patient.token });
    expect(info.body.languages).toEqual(['en', 'pl']);
    // A language the platform does not list is refused, naming the field.
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/doctors/search',
      token: patient.token,
      payload: { startDate: date, endDate: date, therapyTypes: ['KPT'], languages: ['xx'] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('languages');
  });

  it('leaves out disabled and not onboarded psychologists and those without a free slot', async () => {
    const disabled = await createPsychologist(ctx.app, { enabled: false });
    const unfinished = await createPsychologist(ctx.app, { profileCompleted: false });
    const full = await createPsychologist(ctx.app);
    const offDay = await createPsychologist(ctx.app);
    const date = dateFromToday(ctx.app, 3);
    for (const doc of [disabled, unfinished, full]) await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ['15:00', '16:00']);
    await addSlots(ctx.app, offDay.id, dayOfWeekOf(addDays(date, 1)), ['15:00', '16:00']);
    await insertAppointment(ctx.app, { psychologistId: full.id, patientId: patient.id, date, start: '15:00', end: '16:00' });
    const ids = [disabled.id, unfinished.id, full.id, offDay.id];
    expect(await search(ctx.app, patient.token, { startDate: date, endDate: date }, ids)).toEqual([]);
  });

  it('orders doctors by name', async () => {
    const zed = await createPsychologist(ctx.app, { firstName: 'Zed', lastName: 'Adams' });
    const ann = await createPsychologist(ctx.app, { firstName: 'Ann', lastName: 'Young' });
    const date = dateFromToday(ctx.app, 1);
    for (const doc of [zed, ann]) await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ['09:00', '10:00']);
    const found = await search(ctx.app, patient.token, { startDate: date, endDate: date }, [zed.id, ann.id]);
    expect(found.map((d) => d.firstName)).toEqual(['Ann', 'Zed']);
  });
});

describe('search refusals', () => {
  const post = (payload: object, token = patient.token) =>
    call(ctx.app, { method: 'POST', url: '/api/patient/doctors/search', token, payload });
  const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field);

  it('refuses a start before today', async () => {
    const res = await post({ startDate: dateFromToday(ctx.app, -1), endDate: today(ctx.app), therapyTypes: ['KPT'] });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain('body.startDate');
  });

  it('refuses an end before the start and a range over 31 days, and accepts 31 days', async () => {
    const start = today(ctx.app);
    const before = await post({
      startDate: dateFromToday(ctx.app, 2),
      endDate: dateFromToday(ctx.app, 1),
      therapyTypes: ['KPT'],
    });
    expect(before.status).toBe(400);
    expect(fieldsOf(before.body)).toContain('body.endDate');
    expect((await post({ startDate: start, endDate: addDays(start, 31), therapyTypes: ['KPT'] })).status).toBe(400);
    expect((await post({ startDate: start, endDate: addDays(start, 30), therapyTypes: ['KPT'] })).status).toBe(200);
  });

  it('refuses unknown or missing types and malformed dates', async () => {
    const range = { startDate: today(ctx.app), endDate: dateFromToday(ctx.app, 1) };
    for (const payload of [
      { ...range, therapyTypes: ['HYPNOSIS'] },
      { ...range, therapyTypes: [] },
      range,
      { ...range, startDate: '2030-02-30', therapyTypes: ['KPT'] },
      { ...range, endDate: 'tomorrow', therapyTypes: ['KPT'] },
    ]) {
      const res = await post(payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('admits only patients', async () => {
    const doc = await createPsychologist(ctx.app);
    const payload = { startDate: today(ctx.app), endDate: today(ctx.app), therapyTypes: ['KPT'] };
    expect((await post(payload, doc.token)).status).toBe(403);
    expect((await call(ctx.app, { method: 'POST', url: '/api/patient/doctors/search', payload })).status).toBe(401);
  });
});

describe('doctor info', () => {
  const info = (id: number | string, token = patient.token) =>
    call(ctx.app, { method: 'GET', url: `/api/patient/doctors/info/${id}`, token });

  it('shows a psychologist, with the avatar path once there is an avatar', async () => {
    const doc = await createPsychologist(ctx.app, { firstName: 'Olena', therapyTypes: ['KPT', 'NLP'], experience: 12 });
    const res = await info(doc.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: 'Olena',
      lastName: 'Psychologist',
      experience: 12,
      education: '',
      description: 'Test psychologist',
      specialties: '',
      certificates: '',
      therapyTypes: ['KPT', 'NLP'],
      languages: [],
      avatarPath: null,
    });
    await ctx.app.db.insert(avatars).values({ userId: doc.id, contentType: 'image/png', data: new Uint8Array([1, 2, 3]) });
    expect((await info(doc.id)).body.avatarPath).toBe(`/api/psychologist/profile/avatar/${doc.id}`);
  });

  it('answers 404 for unknown ids and non-psychologists, 400 for a bad id, 403 for other roles', async () => {
    const doc = await createPsychologist(ctx.app);
    expect((await info(2_000_000_000)).status).toBe(404);
    expect((await info(patient.id)).status).toBe(404);
    expect((await info('abc')).status).toBe(400);
    expect((await info(doc.id, doc.token)).status).toBe(403);
  });
});
