import { BOOKING_HORIZON_DAYS, MAX_UPCOMING_APPOINTMENTS } from '@rozmova/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, magicLinkTokens, patientProfiles, psychologistProfiles, users } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { addSlots, book, dateFromToday, halfHourDay, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, MAGIC_SECRET, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const INVISIBLE = ['\u200B', ' \u200C\u200D ', '\u2060', '\uFEFF', '\u00AD', '\u200E\u200F', '\t \u200B'];
const BIDI = [
  'Ann\u202Egav',
  '\u202AAnna',
  'An\u202Bna',
  'Ann\u202C',
  'An\u202Dna',
  '\u2066Anna\u2069',
  'An\u2067na',
  'An\u2068na',
];

const patientProfile = { firstName: 'Olena', lastName: 'Shevchuk', dateOfBirth: '1990-05-01', aboutMe: '', therapyGoals: '' };
const psychologistProfile = { firstName: 'Petro', lastName: 'Ivanenko', experience: 5, therapyTypes: ['KPT'] };
const onboardingBody = { role: 'PATIENT', firstName: 'Mariia', lastName: 'Koval', birthDate: '1994-06-02', language: 'uk' };

const putPatient = (token: string, payload: object) =>
  call(ctx.app, { method: 'PUT', url: '/api/patient/profile', token, payload });
const putPsychologist = (token: string, payload: object) =>
  call(ctx.app, { method: 'PUT', url: '/api/psychologist/profile', token, payload });
const onboard = (token: string, payload: object) => call(ctx.app, { method: 'PUT', url: '/api/onboarding', token, payload });
const cancel = (token: string, id: number | string, reason: string) =>
  call(ctx.app, { method: 'DELETE', url: `/api/doctor/appointments/${id}`, token, payload: { reason } });
const get = (token: string, url: string) => call(ctx.app, { method: 'GET', url, token });

const expectValidation = (res: { status: number; body: { code: string; fields: { field: string }[] } }, field: string) => {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION');
  expect(res.body.fields.map((f) => f.field)).toContain(field);
};
const userRow = async (id: number) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0];

/** A psychologist with one upcoming appointment of a patient, to cancel. */
async function upcomingAppointment() {
  const psy = await createPsychologist(ctx.app);
  const patient = await createPatient(ctx.app);
  const row = await insertAppointment(ctx.app, {
    psychologistId: psy.id,
    patientId: patient.id,
    date: dateFromToday(ctx.app, 2),
    start: '10:00',
    end: '11:00',
  });
  return { psy, patient, row };
}

describe('the NUL character', () => {
  it('is refused in body text fields with 400 and nothing is stored', async () => {
    const patient = await createPatient(ctx.app);
    const psy = await createPsychologist(ctx.app);
    const fresh = await createUser(ctx.app, { role: null });
    const before = [await userRow(patient.id), await userRow(psy.id), await userRow(fresh.id)];

    expectValidation(await putPatient(patient.token, { ...patientProfile, firstName: `Ol${NUL}ena` }), 'body.firstName');
    expectValidation(await putPatient(patient.token, { ...patientProfile, aboutMe: `a${NUL}b` }), 'body.aboutMe');
    expectValidation(await putPsychologist(psy.token, { ...psychologistProfile, description: NUL }), 'body.description');
    expectValidation(await onboard(fresh.token, { ...onboardingBody, lastName: `K${NUL}` }), 'body.lastName');
    expectValidation(await onboard(fresh.token, { ...onboardingBody, therapyGoals: NUL }), 'body.therapyGoals');

    expect([await userRow(patient.id), await userRow(psy.id), await userRow(fresh.id)]).toEqual(before);
    const [profile] = await ctx.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, patient.id));
    expect(profile.aboutMe).toBe('');
    const [psyProfile] = await ctx.app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, psy.id));
    expect(psyProfile.description).toBe('Test psychologist');
  });

  it('is refused in a cancel reason, leaving the appointment confirmed', async () => {
    const { psy, row } = await upcomingAppointment();
    expectValidation(await cancel(psy.token, row.id, `ill${NUL}`), 'body.reason');
    const [after] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(after).toMatchObject({ status: 'CONFIRMED', cancellationReason: null });
  });

  it('is refused in sign-in and integration bodies', async () => {
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `a${NUL}@example.test`, password: `secret${NUL}secret` },
    });
    expectValidation(login, 'body.email');
    expect(login.body.fields.map((f: { field: string }) => f.field)).toContain('body.password');

    const fresh = await createUser(ctx.app, { role: null });
    const sendCode = await call(ctx.app, {
      method: 'POST',
      url: '/api/onboarding/email/send-code',
      token: fresh.token,
      headers: { 'content-type': 'text/plain' },
      payload: `new${NUL}@example.test`,
    });
    expectValidation(sendCode, 'body');

    const tokensBefore = await ctx.app.db.select().from(magicLinkTokens);
    const link = await call(ctx.app, {
      method: 'POST',
      url: '/api/integrations/messaging/magic-link',
      headers: { 'x-magic-link-secret': MAGIC_SECRET },
      payload: { externalId: `42${NUL}` },
    });
    expectValidation(link, 'body.externalId');
    expect(await ctx.app.db.select().from(magicLinkTokens)).toEqual(tokensBefore);
  });

  it('is refused in query values', async () => {
    const { patient, psy } = await upcomingAppointment();
    expectValidation(
      await get(patient.token, '/api/patient/appointments/info?videoCallRoomId=%00'),
      'querystring.videoCallRoomId',
    );
    expectValidation(
      await get(psy.token, '/api/doctor/appointments/info?videoCallRoomId=room%00'),
      'querystring.videoCallRoomId',
    );
    expectValidation(
      await get(patient.token, `/api/psychologist/schedule?psychologistId=${psy.id}%00`),
      'querystring.psychologistId',
    );
    expectValidation(await get('', '/api/magic-login?token=abc%00def'), 'querystring.token');
  });

  it('is refused in path values', async () => {
    const { psy, patient, row } = await upcomingAppointment();
    expectValidation(await get(patient.token, `/api/doctors/${psy.id}%00`), 'params.id');
    expectValidation(await get(psy.token, `/api/doctor/patients/%00${patient.id}`), 'params.id');
    expectValidation(await cancel(psy.token, `${row.id}%00`, 'Ill'), 'params.id');
  });
});

describe('names and reasons', () => {
  it('need a visible character', async () => {
    const patient = await createPatient(ctx.app);
    const psy = await createPsychologist(ctx.app);
    const fresh = await createUser(ctx.app, { role: null });
    const { psy: doctor, row } = await upcomingAppointment();
    for (const blank of INVISIBLE) {
      expectValidation(await putPatient(patient.token, { ...patientProfile, lastName: blank }), 'body.lastName');
      expectValidation(await putPsychologist(psy.token, { ...psychologistProfile, firstName: blank }), 'body.firstName');
      expectValidation(await onboard(fresh.token, { ...onboardingBody, firstName: blank }), 'body.firstName');
      expectValidation(await cancel(doctor.token, row.id, blank), 'body.reason');
    }
    expect((await userRow(fresh.id)).profileCompleted).toBe(false);
    const [after] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(after.status).toBe('CONFIRMED');
  });

  it('refuse bidirectional override and isolate controls in names', async () => {
    const patient = await createPatient(ctx.app);
    const psy = await createPsychologist(ctx.app);
    const fresh = await createUser(ctx.app, { role: null });
    for (const name of BIDI) {
      expectValidation(await putPatient(patient.token, { ...patientProfile, firstName: name }), 'body.firstName');
      expectValidation(await putPsychologist(psy.token, { ...psychologistProfile, lastName: name }), 'body.lastName');
      expectValidation(await onboard(fresh.token, { ...onboardingBody, lastName: name }), 'body.lastName');
    }
  });

  it('still accept names in any script, with inner spaces, apostrophes and hyphens', async () => {
    const patient = await createPatient(ctx.app);
    const res = await putPatient(patient.token, { ...patientProfile, firstName: " Мар'яна-Софія ", lastName: 'Ó Briain' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Мар'яна-Софія", lastName: 'Ó Briain' });
  });
});

describe('ids', () => {
  const badForms = (id: number) => [
    `0x${id.toString(16)}`,
    `%20${id}`,
    `${id}%20`,
    `+${id}`,
    `-${id}`,
    `0${id}`,
    `${id}.0`,
    `${id}e0`,
    '1e3',
    '0',
    '2147483648',
    '99999999999999999999',
    'abc',
  ];

  it('in a path are plain decimal digits', async () => {
    const { psy, patient, row } = await upcomingAppointment();
    expect((await get(patient.token, `/api/doctors/${psy.id}`)).status).toBe(200);
    for (const bad of badForms(psy.id)) {
      expectValidation(await get(patient.token, `/api/doctors/${bad}`), 'params.id');
      expectValidation(await get(patient.token, `/api/patient/doctors/info/${bad}`), 'params.id');
      expectValidation(await get(patient.token, `/api/psychologist/profile/avatar/${bad}`), 'params.id');
    }
    for (const bad of badForms(patient.id)) expectValidation(await get(psy.token, `/api/doctor/patients/${bad}`), 'params.id');
    for (const bad of badForms(row.id)) expectValidation(await cancel(psy.token, bad, 'Ill'), 'params.id');
    const [after] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(after.status).toBe('CONFIRMED');
  });

  it('in a query are plain decimal digits', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    expect((await get(patient.token, `/api/psychologist/schedule?psychologistId=${psy.id}`)).status).toBe(200);
    for (const bad of [...badForms(psy.id), `%2B${psy.id}`, `${psy.id}&psychologistId=${psy.id}`]) {
      expectValidation(
        await get(patient.token, `/api/psychologist/schedule?psychologistId=${bad}`),
        'querystring.psychologistId',
      );
    }
  });

  it('in a JSON body are JSON numbers', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const date = dateFromToday(ctx.app, 1);
    await addSlots(ctx.app, psy.id, dayOfWeekOf(date), ['10:00', '11:00']);
    const slot = { date, startTime: '10:00', endTime: '11:00' };
    for (const bad of [String(psy.id), [psy.id], true, null, psy.id + 0.5, 0, -psy.id, 2_147_483_648, { id: psy.id }]) {
      const res = await book(ctx.app, patient.token, { ...slot, psychologistId: bad as number });
      expectValidation(res, 'body.psychologistId');
    }
    expect(await ctx.app.db.select().from(appointments).where(eq(appointments.patientId, patient.id))).toEqual([]);
    expect((await book(ctx.app, patient.token, { ...slot, psychologistId: psy.id })).status).toBe(201);
  });
});

describe('birth dates', () => {
  it('start on 1900-01-01 at onboarding', async () => {
    const early = await createUser(ctx.app, { role: null });
    expectValidation(await onboard(early.token, { ...onboardingBody, birthDate: '1899-12-31' }), 'body.birthDate');
    expectValidation(await onboard(early.token, { ...onboardingBody, birthDate: '0001-01-01' }), 'body.birthDate');
    expect((await userRow(early.id)).profileCompleted).toBe(false);
    expect((await onboard(early.token, { ...onboardingBody, birthDate: '1900-01-01' })).status).toBe(200);
    expect((await userRow(early.id)).birthDate).toBe('1900-01-01');
  });

  it('start on 1900-01-01 in the patient profile', async () => {
    const patient = await createPatient(ctx.app);
    expectValidation(await putPatient(patient.token, { ...patientProfile, dateOfBirth: '1899-12-31' }), 'body.dateOfBirth');
    expect((await userRow(patient.id)).birthDate).toBe('1990-01-01');
    const res = await putPatient(patient.token, { ...patientProfile, dateOfBirth: '1900-01-01' });
    expect(res.status).toBe(200);
    expect(res.body.dateOfBirth).toBe('1900-01-01');
  });
});

describe('the booking horizon', () => {
  it(`allows booking ${BOOKING_HORIZON_DAYS} days ahead but not a day more`, async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const last = dateFromToday(ctx.app, BOOKING_HORIZON_DAYS);
    const beyond = dateFromToday(ctx.app, BOOKING_HORIZON_DAYS + 1);
    for (const date of [last, beyond]) await addSlots(ctx.app, psy.id, dayOfWeekOf(date), ['10:00', '11:00']);
    const slot = { psychologistId: psy.id, startTime: '10:00', endTime: '11:00' };
    expectValidation(await book(ctx.app, patient.token, { ...slot, date: beyond }), 'body.date');
    expect((await book(ctx.app, patient.token, { ...slot, date: last })).status).toBe(201);
  });

  it('bounds the end of a doctor search', async () => {
    const patient = await createPatient(ctx.app);
    const search = (startDate: string, endDate: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/patient/doctors/search',
        token: patient.token,
        payload: { startDate, endDate, therapyTypes: ['KPT'] },
      });
    const start = dateFromToday(ctx.app, BOOKING_HORIZON_DAYS - 10);
    expect((await search(start, dateFromToday(ctx.app, BOOKING_HORIZON_DAYS))).status).toBe(200);
    expectValidation(await search(start, dateFromToday(ctx.app, BOOKING_HORIZON_DAYS + 1)), 'body.endDate');
    const beyond = dateFromToday(ctx.app, BOOKING_HORIZON_DAYS + 5);
    expectValidation(await search(beyond, beyond), 'body.endDate');
  });
});

describe('upcoming appointments per patient', () => {
  /** A psychologist free all day on `date`, a patient, and a way to book that patient's half hours there. */
  async function setUp(date: string) {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await addSlots(ctx.app, psy.id, dayOfWeekOf(date), ...halfHourDay());
    const bookAt = (start: string, end: string) =>
      book(ctx.app, patient.token, { psychologistId: psy.id, date, startTime: start, endTime: end });
    const insert = (day: string, start: string, end: string, status?: 'CONFIRMED' | 'CANCELED') =>
      insertAppointment(ctx.app, { psychologistId: psy.id, patientId: patient.id, date: day, start, end, status });
    return { patient, bookAt, insert };
  }
  const confirmedOf = async (patient: TestUser) =>
    (
      await ctx.app.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.patientId, patient.id), eq(appointments.status, 'CONFIRMED')))
    ).length;

  it(`are at most ${MAX_UPCOMING_APPOINTMENTS}; canceled and ended ones do not count`, async () => {
    const date = dateFromToday(ctx.app, 3);
    const { patient, bookAt, insert } = await setUp(date);
    // Not upcoming: ended yesterday, ended earlier today (the clock says 10:20), canceled.
    await insert(dateFromToday(ctx.app, -1), '10:00', '11:00');
    await insert(dateFromToday(ctx.app, 0), '09:00', '10:00');
    await insert(date, '20:00', '21:00', 'CANCELED');
    // Upcoming: one in progress now, the rest later.
    await insert(dateFromToday(ctx.app, 0), '10:00', '11:00');
    for (let h = 1; h < MAX_UPCOMING_APPOINTMENTS - 1; h++) await insert(date, `0${h}:00`, `0${h}:30`);

    expect((await bookAt('12:00', '12:30')).status).toBe(201);
    const refused = await bookAt('13:00', '13:30');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'TOO_MANY_APPOINTMENTS' });
    expect(await confirmedOf(patient)).toBe(MAX_UPCOMING_APPOINTMENTS + 2);
  });

  it('holds under concurrent bookings of the last free place', async () => {
    const date = dateFromToday(ctx.app, 4);
    const { patient, bookAt, insert } = await setUp(date);
    for (let h = 1; h < MAX_UPCOMING_APPOINTMENTS; h++) await insert(date, `0${h}:00`, `0${h}:30`);
    const hours = ['12', '13', '14', '15', '16', '17', '18', '19'];
    const answers = await Promise.all(hours.map((h) => bookAt(`${h}:00`, `${h}:30`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...hours.slice(1).map(() => 409)]);
    expect(await confirmedOf(patient)).toBe(MAX_UPCOMING_APPOINTMENTS);
  });
});
