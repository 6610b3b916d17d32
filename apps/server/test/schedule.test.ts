import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users } from '../src/db/schema/index.js';
import { seedPractice } from '../src/db/seed/practice.js';
import { platformSpan } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const save = (token: string, payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/psychologist/schedule', token, payload });
const load = (token: string, psychologistId?: number | string) =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/psychologist/schedule${psychologistId === undefined ? '' : `?psychologistId=${psychologistId}`}`,
    token,
  });
const saveIf = (token: string, payload: object, ifMatch: string) =>
  call(ctx.app, { method: 'POST', url: '/api/psychologist/schedule', token, payload, headers: { 'if-match': ifMatch } });
const slot = (startTime: string, endTime: string) => ({ startTime, endTime });

const week = [
  { dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:00'), slot('10:00', '11:00')] },
  { dayOfWeek: 'WEDNESDAY', timeSlots: [slot('14:00', '16:00')] },
  { dayOfWeek: 'FRIDAY', timeSlots: [slot('08:00', '08:30'), slot('08:30', '09:00')] },
];

describe('saving a schedule', () => {
  it('saves the week and answers it, and GET gives the same back', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await save(psy.token, week);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(week);
    expect((await load(psy.token)).body).toEqual(week);
  });

  it('answers days MONDAY..SUNDAY with sorted slots and HH:mm times, whatever order and format came in', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await save(psy.token, [
      { dayOfWeek: 'SUNDAY', timeSlots: [slot('22:00:00', '24:00:00'), slot('20:00:00', '22:00')] },
      { dayOfWeek: 'TUESDAY', timeSlots: [] },
      { dayOfWeek: 'MONDAY', timeSlots: [slot('13:30', '14:00'), slot('09:00:00', '09:30:00')] },
    ]);
    expect(res.status).toBe(200);
    const expected = [
      { dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '09:30'), slot('13:30', '14:00')] },
      { dayOfWeek: 'SUNDAY', timeSlots: [slot('20:00', '22:00'), slot('22:00', '24:00')] },
    ];
    expect(res.body).toEqual(expected);
    expect((await load(psy.token)).body).toEqual(expected);
  });

  it('replaces the whole week, and an empty list clears it', async () => {
    const psy = await createPsychologist(ctx.app);
    await save(psy.token, week);
    const replaced = [{ dayOfWeek: 'THURSDAY', timeSlots: [slot('00:00', '02:00')] }];
    expect((await save(psy.token, replaced)).body).toEqual(replaced);
    expect((await load(psy.token)).body).toEqual(replaced);
    expect((await save(psy.token, [])).body).toEqual([]);
    expect((await load(psy.token)).body).toEqual([]);
  });

  it('accepts a full day of 30-minute slots through 24:00', async () => {
    const psy = await createPsychologist(ctx.app);
    const pad = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const timeSlots = Array.from({ length: 48 }, (_, i) => slot(pad(i * 30), pad(i * 30 + 30)));
    const res = await save(psy.token, [{ dayOfWeek: 'SATURDAY', timeSlots }]);
    expect(res.status).toBe(200);
    expect(res.body[0].timeSlots).toHaveLength(48);
    expect(res.body[0].timeSlots.at(-1)).toEqual(slot('23:30', '24:00'));
  });

  it('keeps two saves of one week from mixing even when they race', async () => {
    const psy = await createPsychologist(ctx.app);
    const a = [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:00'), slot('10:00', '11:00')] }];
    const b = [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:00'), slot('12:00', '14:00')] }];
    const results = await Promise.all([save(psy.token, a), save(psy.token, b), save(psy.token, a), save(psy.token, b)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect([a, b]).toContainEqual((await load(psy.token)).body);
  });

  it('answers its version as an ETag and refuses a save whose If-Match names an older one with 409 STALE', async () => {
    const psy = await createPsychologist(ctx.app);
    const read = await load(psy.token);
    expect(read.headers.etag).toBe('"1"');
    const first = await saveIf(psy.token, week, '"1"');
    expect(first).toMatchObject({ status: 200, body: week });
    expect(first.headers.etag).toBe('"2"');
    const other = [{ dayOfWeek: 'SUNDAY', timeSlots: [slot('10:00', '11:00')] }];
    for (const ifMatch of ['"1"', 'W/"1"', '"0"', 'garbage', '"99"']) {
      const refused = await saveIf(psy.token, other, ifMatch);
      expect({ ifMatch, status: refused.status, code: refused.body.code }).toEqual({ ifMatch, status: 409, code: 'STALE' });
    }
    const now = await load(psy.token);
    expect(now.body).toEqual(week);
    expect(now.headers.etag).toBe('"2"');
    expect((await saveIf(psy.token, other, 'W/"2"')).headers.etag).toBe('"3"');
    expect((await saveIf(psy.token, week, '*')).headers.etag).toBe('"4"');
    // The spec's client sends no If-Match and overwrites.
    expect((await save(psy.token, other)).headers.etag).toBe('"5"');
  });

  it('of ten saves sent at once with the same If-Match, applies exactly one', async () => {
    const psy = await createPsychologist(ctx.app);
    const weeks = Array.from({ length: 10 }, (_, i) => [
      { dayOfWeek: 'TUESDAY', timeSlots: [slot(`${String(i + 8).padStart(2, '0')}:00`, `${String(i + 9).padStart(2, '0')}:00`)] },
    ]);
    const applied = await expectOneOfConcurrentWrites(10, (i) => saveIf(psy.token, weeks[i], '"1"'));
    const now = await load(psy.token);
    expect(now.body).toEqual(applied.body);
    expect(now.headers.etag).toBe('"2"');
  });

  it('never touches booked appointments', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await save(psy.token, week);
    const [booked] = await ctx.app.db
      .insert(appointments)
      .values({
        psychologistId: psy.id,
        patientId: patient.id,
        ...platformSpan('2030-01-07', '09:00', '10:00'),
        videoCallRoomId: randomUUID(),
      })
      .returning();
    await save(psy.token, []);
    const [after] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(after).toEqual(booked);
  });
});

describe('schedule validation', () => {
  const refusals: [string, object][] = [
    ['start after end', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('10:00', '09:00')] }]],
    ['start equal to end', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('10:00', '10:00')] }]],
    ['an end past 24:00', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('23:30', '24:30')] }]],
    ['a misaligned 60-minute slot', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:30', '10:30')] }]],
    ['a misaligned 120-minute slot', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '11:00')] }]],
    ['a misaligned 30-minute slot', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:15', '09:45')] }]],
    ['a 45-minute slot', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '09:45')] }]],
    ['a 90-minute slot', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:30')] }]],
    ['overlapping slots', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('10:00', '12:00'), slot('11:00', '12:00')] }]],
    ['the same slot twice', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('10:00', '11:00'), slot('10:00', '11:00')] }]],
    [
      'a day given twice',
      [
        { dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:00')] },
        { dayOfWeek: 'MONDAY', timeSlots: [slot('11:00', '12:00')] },
      ],
    ],
    ['an unknown day name', [{ dayOfWeek: 'FUNDAY', timeSlots: [slot('09:00', '10:00')] }]],
    ['a lower-case day name', [{ dayOfWeek: 'monday', timeSlots: [slot('09:00', '10:00')] }]],
    ['a time without leading zero', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('9:00', '10:00')] }]],
    ['a time with minutes past 59', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:60', '11:00')] }]],
    ['a time with non-zero seconds', [{ dayOfWeek: 'MONDAY', timeSlots: [slot('09:00:30', '10:00')] }]],
    ['a time that is not text', [{ dayOfWeek: 'MONDAY', timeSlots: [{ startTime: 540, endTime: 600 }] }]],
    ['a slot missing its end', [{ dayOfWeek: 'MONDAY', timeSlots: [{ startTime: '09:00' }] }]],
    ['a day without slots list', [{ dayOfWeek: 'MONDAY' }]],
    ['an object instead of a list', { MONDAY: [slot('09:00', '10:00')] }],
    ['more than seven days', Array.from({ length: 8 }, () => ({ dayOfWeek: 'MONDAY', timeSlots: [] }))],
  ];

  it.each(refusals)('refuses %s with 400 and leaves the saved week as it was', async (_name, payload) => {
    const psy = await createPsychologist(ctx.app);
    await save(psy.token, week);
    const res = await save(psy.token, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(res.body.fields.length).toBeGreaterThan(0);
    expect((await load(psy.token)).body).toEqual(week);
  });

  it('refuses a body that is missing, null or not JSON with 400', async () => {
    const psy = await createPsychologist(ctx.app);
    for (const payload of [undefined, 'null', '{"dayOfWeek":']) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/psychologist/schedule',
        token: psy.token,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it('names the failing slot in the error fields', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await save(psy.token, [
      { dayOfWeek: 'MONDAY', timeSlots: [slot('09:00', '10:00')] },
      { dayOfWeek: 'TUESDAY', timeSlots: [slot('08:00', '09:00'), slot('09:30', '10:30')] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'body.1.timeSlots.1', message: expect.stringContaining('60-minute') }]);
  });

  it('accepts HH:mm:ss, an end at 24:00, and adjacent slots', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await save(psy.token, [
      { dayOfWeek: 'TUESDAY', timeSlots: [slot('22:00:00', '24:00:00'), slot('21:00', '22:00'), slot('20:30', '21:00')] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { dayOfWeek: 'TUESDAY', timeSlots: [slot('20:30', '21:00'), slot('21:00', '22:00'), slot('22:00', '24:00')] },
    ]);
  });
});

describe('reading a schedule', () => {
  it('lets managers and patients read a named psychologist’s week', async () => {
    const psy = await createPsychologist(ctx.app);
    await save(psy.token, week);
    for (const viewer of [await createPatient(ctx.app), await createUser(ctx.app, { role: 'MANAGER' })]) {
      const res = await load(viewer.token, psy.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(week);
    }
  });

  it('lets a psychologist name their own id, and answers 404 for anyone else’s, as for an object not theirs', async () => {
    const psy = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    await save(psy.token, week);
    expect((await load(psy.token, psy.id)).body).toEqual(week);
    const res = await load(psy.token, other.id);
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await load(psy.token, 2_000_000_000)).status).toBe(404);
  });

  it('answers an empty list for a psychologist without a schedule', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    expect((await load(psy.token)).body).toEqual([]);
    expect((await load(patient.token, psy.id)).body).toEqual([]);
  });

  it('answers 404 for an unknown id, a non-psychologist and a disabled psychologist', async () => {
    const patient = await createPatient(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const disabled = await createPsychologist(ctx.app);
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    for (const id of [2_000_000_000, manager.id, patient.id, disabled.id]) {
      const res = await load(patient.token, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('lets an admin read any psychologist’s week, an unverified one’s too, and answers 404 for a non-psychologist', async () => {
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const psy = await createPsychologist(ctx.app);
    const unverified = await createPsychologist(ctx.app, { verified: false });
    await save(psy.token, week);
    const res = await load(admin.token, psy.id);
    expect([res.status, res.body]).toEqual([200, week]);
    expect((await load(admin.token, unverified.id)).body).toEqual([]);
    const patient = await createPatient(ctx.app);
    for (const id of [patient.id, admin.id, 2_000_000_000]) {
      const refused = await load(admin.token, id);
      expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await load(admin.token)).status).toBe(400);
  });

  it('asks managers and patients which psychologist, and refuses a malformed id', async () => {
    const patient = await createPatient(ctx.app);
    const res = await load(patient.token);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'psychologistId', message: expect.any(String) }]);
    expect((await load(patient.token, 'abc')).status).toBe(400);
    expect((await load(patient.token, -1)).status).toBe(400);
  });
});

describe('schedule access', () => {
  it('refuses patients, managers and admins a save with 403', async () => {
    for (const role of ['PATIENT', 'MANAGER', 'ADMIN'] as const) {
      const user = await createUser(ctx.app, { role });
      const res = await save(user.token, week);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('refuses anyone without a token with 401', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/psychologist/schedule' })).status).toBe(401);
    expect((await call(ctx.app, { method: 'POST', url: '/api/psychologist/schedule', payload: week })).status).toBe(401);
  });
});

describe('demo weeks', () => {
  it('give each psychologist a valid week with mixed slot lengths, the same when seeded twice', async () => {
    const psychologists = [
      await createPsychologist(ctx.app),
      await createPsychologist(ctx.app),
      await createPsychologist(ctx.app),
    ];
    const ids = psychologists.map((p) => p.id);
    await ctx.app.db.transaction((tx) => seedPractice(tx, { psychologists: ids }));
    const weeks = await Promise.all(psychologists.map(async (p) => (await load(p.token)).body));
    await seedPractice(ctx.app.db, { psychologists: ids });
    expect(await Promise.all(psychologists.map(async (p) => (await load(p.token)).body))).toEqual(weeks);

    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const lengths = new Set<number>();
    for (const [i, week] of weeks.entries()) {
      expect(week.length).toBeGreaterThanOrEqual(3);
      // What the server answers must also be accepted back unchanged.
      expect((await save(psychologists[i].token, week)).body).toEqual(week);
      for (const day of week) for (const s of day.timeSlots) lengths.add(minutes(s.endTime) - minutes(s.startTime));
    }
    expect([...lengths].sort((a, b) => a - b)).toEqual([30, 60, 120]);
  });
});
