import { SCHEDULE_EXCEPTIONS_MAX } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, scheduleExceptions } from '../src/db/schema/index.js';
import { addDays } from '../src/lib/time.js';
import { whenIn } from '../src/lib/zoned.js';
import { addSlots, book, dateFromToday, insertAppointment, nextWeekday, platformWhen, search } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
let patient: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  patient = await createPatient(ctx.app, { firstName: 'Olena', lastName: 'Koval' });
});
afterAll(() => ctx.close());

const URL = '/api/psychologist/schedule/exceptions';
const add = (token: string, payload: unknown) => call(ctx.app, { method: 'POST', url: URL, token, payload: payload as object });
const list = (token: string) => call(ctx.app, { method: 'GET', url: URL, token });
const remove = (token: string, id: number | string) => call(ctx.app, { method: 'DELETE', url: `${URL}/${id}`, token });
const block = (startDate: string, endDate = startDate, confirm?: boolean) => ({ kind: 'BLOCK', startDate, endDate, confirm });
const oneOff = (date: string, startTime: string, endTime: string) => ({ kind: 'SLOT', date, startTime, endTime });
const slotsOf = async (doc: TestUser, startDate: string, endDate = startDate) =>
  (await search(ctx.app, patient.token, { startDate, endDate }, [doc.id]))[0]?.availableSlots ?? [];

/** Next Monday, well ahead of TEST_NOW (a Wednesday). */
const monday = () => nextWeekday(dateFromToday(ctx.app, 1), 'MONDAY');

describe('schedule exceptions: validation and access', () => {
  it('refuses malformed bodies and ids with 400 naming the field', async () => {
    const doc = await createPsychologist(ctx.app);
    const mon = monday();
    const cases: [unknown, string][] = [
      [{ kind: 'BLOCK', endDate: mon }, 'body.startDate'],
      [block(mon, addDays(mon, -1)), 'body.endDate'],
      [block(mon, addDays(mon, 92)), 'body.endDate'],
      [block('2026-02-30'), 'body.startDate'],
      [{ ...block(mon), confirm: 'yes' }, 'body.confirm'],
      [oneOff('16.03.2026', '10:00', '11:00'), 'body.date'],
      [oneOff(mon, '25:00', '26:00'), 'body.startTime'],
      [oneOff(mon, '11:00', '10:00'), 'body.endTime'],
      [oneOff(mon, '10:00', '10:45'), 'body.endTime'],
      [oneOff(mon, '10:30', '11:30'), 'body.endTime'],
      [{ kind: 'SLOT', date: mon, startTime: '10:00' }, 'body.endTime'],
    ];
    for (const [payload, field] of cases) {
      const res = await add(doc.token, payload);
      expect({ payload, status: res.status, code: res.body.code }).toEqual({ payload, status: 400, code: 'VALIDATION' });
      expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    for (const payload of [
      { kind: 'HOLIDAY', startDate: mon, endDate: mon },
      { startDate: mon, endDate: mon },
    ]) {
      const res = await add(doc.token, payload);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.fields)).toContain('kind');
    }
    expect((await remove(doc.token, 'abc')).body.fields).toEqual([expect.objectContaining({ field: 'params.id' })]);
    expect((await list(doc.token)).body).toEqual([]);
  });

  it('accepts a block of exactly the longest length', async () => {
    const doc = await createPsychologist(ctx.app);
    const res = await add(doc.token, block(monday(), addDays(monday(), 91)));
    expect(res.status).toBe(201);
  });

  it('refuses dates and times that have passed on the psychologist’s clock with 400', async () => {
    const doc = await createPsychologist(ctx.app);
    const yesterday = dateFromToday(ctx.app, -1);
    const today = dateFromToday(ctx.app, 0);
    const expectField = async (payload: unknown, field: string) => {
      const res = await add(doc.token, payload);
      expect({ payload, status: res.status, fields: res.body.fields }).toEqual({
        payload,
        status: 400,
        fields: [expect.objectContaining({ field })],
      });
    };
    await expectField(block(addDays(yesterday, -3), yesterday), 'body.endDate');
    await expectField(oneOff(yesterday, '12:00', '13:00'), 'body.date');
    // TEST_NOW is 10:20: a slot starting at 10:00 today has begun.
    await expectField(oneOff(today, '10:00', '11:00'), 'body.startTime');
    // 2026-03-29 03:00 does not exist in Kyiv: the clocks jump from 03:00 to 04:00.
    await expectField(oneOff('2026-03-29', '03:00', '04:00'), 'body.startTime');
    expect((await list(doc.token)).body).toEqual([]);
    // A block that began before today but has not ended, and a slot later today, are fine.
    expect((await add(doc.token, block(yesterday, today))).status).toBe(201);
    expect((await add(doc.token, oneOff(today, '11:00', '12:00'))).status).toBe(201);
  });

  it('admits only psychologists: 401 without a token, 403 for other roles', async () => {
    const doc = await createPsychologist(ctx.app);
    const created = await add(doc.token, block(monday()));
    const requests = [
      { method: 'GET' as const, url: URL },
      { method: 'POST' as const, url: URL, payload: block(monday()) },
      { method: 'DELETE' as const, url: `${URL}/${created.body.id}` },
    ];
    for (const request of requests) {
      expect((await call(ctx.app, request)).status).toBe(401);
      for (const role of ['PATIENT', 'MANAGER', 'ADMIN'] as const) {
        const other = await createUser(ctx.app, { role });
        const res = await call(ctx.app, { ...request, token: other.token });
        expect({ role, url: request.url, status: res.status, code: res.body.code }).toEqual({
          role,
          url: request.url,
          status: 403,
          code: 'FORBIDDEN',
        });
      }
    }
    expect((await list(doc.token)).body).toEqual([created.body]);
  });

  it('answers 404 for another psychologist’s exception or an unknown id, and keeps it', async () => {
    const owner = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    const created = await add(owner.token, oneOff(monday(), '18:00', '19:00'));
    expect((await remove(other.token, created.body.id)).body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await remove(owner.token, 2_000_000_000)).status).toBe(404);
    expect((await list(other.token)).body).toEqual([]);
    expect((await list(owner.token)).body).toEqual([created.body]);
    expect((await remove(owner.token, created.body.id)).status).toBe(204);
    expect((await remove(owner.token, created.body.id)).status).toBe(404);
  });
});

describe('schedule exceptions: listing and limits', () => {
  it('lists the current ones soonest first, a block before the slots of its first day, and drops them once ended', async () => {
    const doc = await createPsychologist(ctx.app);
    const mon = monday();
    const late = (await add(doc.token, oneOff(addDays(mon, 1), '20:00', '21:00'))).body;
    const slot = (await add(doc.token, oneOff(mon, '18:00', '19:00'))).body;
    const days = (await add(doc.token, block(mon, addDays(mon, 1)))).body;
    expect(slot).toEqual({ id: slot.id, kind: 'SLOT', startDate: mon, endDate: mon, startTime: '18:00', endTime: '19:00' });
    expect(days).toEqual({
      id: days.id,
      kind: 'BLOCK',
      startDate: mon,
      endDate: addDays(mon, 1),
      startTime: null,
      endTime: null,
    });
    expect((await list(doc.token)).body).toEqual([days, slot, late]);
    try {
      ctx.setNow(`${addDays(mon, 1)} 09:00`);
      expect((await list(doc.token)).body).toEqual([days, late]);
      ctx.setNow(`${addDays(mon, 2)} 00:00`);
      expect((await list(doc.token)).body).toEqual([]);
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it(`keeps at most ${SCHEDULE_EXCEPTIONS_MAX} current ones: 409 CONFLICT beyond, ended ones not counted`, async () => {
    const doc = await createPsychologist(ctx.app);
    const start = dateFromToday(ctx.app, 1);
    const rows = Array.from({ length: SCHEDULE_EXCEPTIONS_MAX - 1 }, (_, i) => ({
      psychologistId: doc.id,
      kind: 'BLOCK' as const,
      startDate: addDays(start, i),
      endDate: addDays(start, i),
    }));
    const past = dateFromToday(ctx.app, -2);
    await ctx.app.db.insert(scheduleExceptions).values([...rows, { ...rows[0], startDate: past, endDate: past }]);
    expect((await add(doc.token, oneOff(monday(), '22:00', '23:00'))).status).toBe(201);
    const refused = await add(doc.token, block(addDays(start, 200)));
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect((await list(doc.token)).body).toHaveLength(SCHEDULE_EXCEPTIONS_MAX);
  });
});

describe('blocking dates that hold sessions', () => {
  it('answers 409 HAS_APPOINTMENTS listing them until confirmed; the sessions stay booked', async () => {
    const doc = await createPsychologist(ctx.app);
    const mon = monday();
    await addSlots(ctx.app, doc.id, 'MONDAY', ['09:00', '10:00'], ['10:00', '11:00']);
    await addSlots(ctx.app, doc.id, 'TUESDAY', ['09:00', '10:00']);
    const booked = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: mon,
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(booked.status).toBe(201);
    const other = await createPatient(ctx.app, { firstName: 'Ivan', lastName: 'Shevchuk' });
    const early = await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: other.id,
      date: mon,
      start: '09:00',
      end: '10:00',
    });
    await insertAppointment(ctx.app, {
      ...{ psychologistId: doc.id, patientId: other.id, date: mon, start: '12:00', end: '13:00' },
      status: 'CANCELED',
      reason: 'Ill',
    });
    // The day after the block: not listed.
    await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: other.id,
      date: addDays(mon, 1),
      start: '09:00',
      end: '10:00',
    });

    const refused = await add(doc.token, block(addDays(mon, -1), mon));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'HAS_APPOINTMENTS',
      message: expect.stringContaining('stay booked'),
      appointments: [
        { id: early.id, ...platformWhen(mon, '09:00', '10:00'), patientFirstName: 'Ivan', patientLastName: 'Shevchuk' },
        { id: booked.body.id, ...platformWhen(mon, '10:00', '11:00'), patientFirstName: 'Olena', patientLastName: 'Koval' },
      ],
    });
    expect((await list(doc.token)).body).toEqual([]);
    expect((await add(doc.token, block(addDays(mon, -1), mon, false))).body.code).toBe('HAS_APPOINTMENTS');

    const confirmed = await add(doc.token, block(addDays(mon, -1), mon, true));
    expect(confirmed.status).toBe(201);
    expect((await list(doc.token)).body).toEqual([confirmed.body]);
    const statuses = await ctx.app.db
      .select({ id: appointments.id, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.psychologistId, doc.id));
    expect(statuses.filter((a) => a.status === 'CONFIRMED').map((a) => a.id)).toEqual(
      expect.arrayContaining([early.id, booked.body.id]),
    );
  });

  it('does not list sessions that have ended', async () => {
    const doc = await createPsychologist(ctx.app);
    const today = dateFromToday(ctx.app, 0);
    await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: patient.id,
      date: today,
      start: '08:00',
      end: '09:00',
    });
    expect((await add(doc.token, block(today))).status).toBe(201);
  });
});

describe('search and booking obey exceptions', () => {
  it('takes a blocked date’s weekly slots away, offers and books a one-off slot, and deleting restores', async () => {
    const doc = await createPsychologist(ctx.app);
    const mon = monday();
    const tue = addDays(mon, 1);
    await addSlots(ctx.app, doc.id, 'MONDAY', ['09:00', '10:00'], ['10:00', '11:00']);
    await addSlots(ctx.app, doc.id, 'TUESDAY', ['09:00', '10:00']);
    const weekly = [
      platformWhen(mon, '09:00', '10:00'),
      platformWhen(mon, '10:00', '11:00'),
      platformWhen(tue, '09:00', '10:00'),
    ];
    expect(await slotsOf(doc, mon, tue)).toEqual(weekly);

    const blocked = (await add(doc.token, block(mon))).body;
    expect(await slotsOf(doc, mon, tue)).toEqual([platformWhen(tue, '09:00', '10:00')]);
    const onBlocked = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: mon,
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(onBlocked.body).toMatchObject({ statusCode: 409, code: 'SLOT_UNAVAILABLE' });

    // A one-off slot, also on the blocked date: a block takes away only weekly slots.
    const extra = (await add(doc.token, oneOff(tue, '18:00', '20:00'))).body;
    const onBlockedDay = (await add(doc.token, oneOff(mon, '15:00', '16:00'))).body;
    expect(await slotsOf(doc, mon, tue)).toEqual([
      platformWhen(mon, '15:00', '16:00'),
      platformWhen(tue, '09:00', '10:00'),
      platformWhen(tue, '18:00', '20:00'),
    ]);
    const booked = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: tue,
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject(platformWhen(tue, '18:00', '20:00'));
    expect(await slotsOf(doc, tue)).toEqual([platformWhen(tue, '09:00', '10:00')]);

    expect((await remove(doc.token, blocked.id)).status).toBe(204);
    expect((await remove(doc.token, onBlockedDay.id)).status).toBe(204);
    expect(await slotsOf(doc, mon)).toEqual(weekly.slice(0, 2));
    const onRestored = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: mon,
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(onRestored.status).toBe(201);
    // The booked one-off slot's exception can go; the session stays.
    expect((await remove(doc.token, extra.id)).status).toBe(204);
    const [session] = await ctx.app.db.select().from(appointments).where(eq(appointments.id, booked.body.id));
    expect(session.status).toBe('CONFIRMED');
  });

  it('refuses a one-off slot that overlaps a weekly or one-off slot of that date with 409 SLOT_OVERLAP', async () => {
    const doc = await createPsychologist(ctx.app);
    const mon = monday();
    await addSlots(ctx.app, doc.id, 'MONDAY', ['10:00', '11:00']);
    expect((await add(doc.token, oneOff(mon, '14:00', '16:00'))).status).toBe(201);
    for (const [start, end] of [
      ['10:00', '11:00'],
      ['10:30', '11:00'],
      ['10:00', '12:00'],
      ['15:00', '16:00'],
      ['14:00', '14:30'],
    ]) {
      const res = await add(doc.token, oneOff(mon, start, end));
      expect({ start, status: res.status, code: res.body.code }).toEqual({ start, status: 409, code: 'SLOT_OVERLAP' });
    }
    // Touching is not overlapping; another weekday has no weekly slots.
    expect((await add(doc.token, oneOff(mon, '11:00', '12:00'))).status).toBe(201);
    expect((await add(doc.token, oneOff(mon, '16:00', '17:00'))).status).toBe(201);
    expect((await add(doc.token, oneOff(addDays(mon, 1), '10:00', '11:00'))).status).toBe(201);
    expect((await list(doc.token)).body).toHaveLength(4);
  });
});

describe('a psychologist in another zone', () => {
  const NEW_YORK = 'America/New_York';
  const setZone = (token: string) =>
    call(ctx.app, { method: 'PUT', url: '/api/user/time-zone', token, payload: { timeZone: NEW_YORK } });

  it('blocks and adds on their own dates: a Kyiv patient sees the effect on Kyiv dates', async () => {
    const doc = await createPsychologist(ctx.app);
    expect((await setZone(doc.token)).status).toBe(200);
    const thu = nextWeekday(dateFromToday(ctx.app, 1), 'THURSDAY');
    const fri = addDays(thu, 1);
    // Kyiv is 6 hours ahead of New York in mid-March (after the US change on the 8th, before Europe's on the 29th).
    await addSlots(ctx.app, doc.id, 'THURSDAY', ['20:00', '21:00']);
    await addSlots(ctx.app, doc.id, 'FRIDAY', ['09:00', '10:00'], ['20:00', '21:00']);
    expect(await slotsOf(doc, fri, addDays(fri, 1))).toEqual([
      platformWhen(fri, '02:00', '03:00'),
      platformWhen(fri, '15:00', '16:00'),
      platformWhen(addDays(fri, 1), '02:00', '03:00'),
    ]);
    // Friday in Kyiv, Thursday evening in New York.
    const session = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: fri,
      startTime: '02:00',
      endTime: '03:00',
    });
    expect(session.status).toBe(201);

    const friday = await add(doc.token, block(fri));
    expect(friday.status).toBe(201);
    expect(await slotsOf(doc, fri, addDays(fri, 1))).toEqual([]);

    const thursday = await add(doc.token, block(thu));
    expect(thursday.status).toBe(409);
    expect(thursday.body.appointments).toEqual([
      {
        id: session.body.id,
        ...whenIn(new Date(session.body.startsAt), new Date(session.body.endsAt), NEW_YORK),
        patientFirstName: 'Olena',
        patientLastName: 'Koval',
      },
    ]);
    expect(thursday.body.appointments[0]).toMatchObject({ date: thu, startTime: '20:00', endTime: '21:00', timeZone: NEW_YORK });

    // A one-off slot at 22:00 on their Thursday is 04:00 on Friday in Kyiv.
    expect((await add(doc.token, oneOff(thu, '22:00', '23:00'))).status).toBe(201);
    expect(await slotsOf(doc, fri)).toEqual([platformWhen(fri, '04:00', '05:00')]);
    const booked = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: fri,
      startTime: '04:00',
      endTime: '05:00',
    });
    expect(booked.status).toBe(201);
  });

  it('reads "today" and "now" on their clock', async () => {
    const doc = await createPsychologist(ctx.app);
    await setZone(doc.token);
    try {
      // 02:30 on the 12th in Kyiv is still 20:30 on the 11th in New York.
      ctx.setNow('2026-03-12 02:30');
      const created = await add(doc.token, block('2026-03-11'));
      expect(created.status).toBe(201);
      expect((await add(doc.token, oneOff('2026-03-11', '20:00', '21:00'))).body.fields).toEqual([
        expect.objectContaining({ field: 'body.startTime' }),
      ]);
      expect((await add(doc.token, oneOff('2026-03-11', '21:00', '22:00'))).status).toBe(201);
      expect((await list(doc.token)).body).toHaveLength(2);
      ctx.setNow('2026-03-12 08:00');
      expect((await list(doc.token)).body).toEqual([]);
      expect((await add(doc.token, block('2026-03-11'))).body.fields).toEqual([
        expect.objectContaining({ field: 'body.endDate' }),
      ]);
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });
});
