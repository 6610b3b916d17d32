import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SEARCH_NEAREST_SLOTS } from '@rozmova/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeekOf } from '../src/lib/time.js';
import { addSlots, dateFromToday, halfHourDay, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
let patient: TestUser;
let range: { startDate: string; endDate: string; therapyTypes: string[] };
/** Doctors with free slots, and the ones that must never count towards a page. */
const free: TestUser[] = [];
let fullyBooked: TestUser;
let noSchedule: TestUser;
let unverified: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  patient = await createPatient(ctx.app);
  const start = dateFromToday(ctx.app, 1);
  range = { startDate: start, endDate: addDays(start, 6), therapyTypes: ['KPT'] };
  // Same names on purpose: the order falls back to the id, and pages must not split or repeat them.
  const names = ['Olena', 'Andrii', 'Olena', 'Iryna', 'Bohdan', 'Olena', 'Yurii', 'Maria'];
  for (const [i, firstName] of names.entries()) {
    const doc = await createPsychologist(ctx.app, { firstName, lastName: i % 2 ? 'Koval' : 'Shevchenko' });
    // A different number of slots each, every day of the range.
    for (let day = 0; day < 7; day++) {
      const slots = halfHourDay().slice(18, 18 + ((i + day) % 5) + 1);
      await addSlots(ctx.app, doc.id, dayOfWeekOf(addDays(start, day)), ...slots);
    }
    free.push(doc);
  }
  // One slot on one day, and it is booked: no free slot in the range.
  fullyBooked = await createPsychologist(ctx.app, { firstName: 'Anna', lastName: 'Booked' });
  await addSlots(ctx.app, fullyBooked.id, dayOfWeekOf(start), ['10:00', '11:00']);
  await insertAppointment(ctx.app, {
    psychologistId: fullyBooked.id,
    patientId: patient.id,
    date: start,
    start: '10:00',
    end: '11:00',
  });
  noSchedule = await createPsychologist(ctx.app, { firstName: 'Anna', lastName: 'Empty' });
  unverified = await createPsychologist(ctx.app, { firstName: 'Anna', lastName: 'New', verified: false });
  await addSlots(ctx.app, unverified.id, dayOfWeekOf(start), ['10:00', '11:00']);
});
afterAll(() => ctx.close());

const searchCall = (query: Record<string, string | number> = {}, body: object = range, headers = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/patient/doctors/search',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    token: patient.token,
    payload: body,
    headers,
  });

// biome-ignore lint/suspicious/noExplicitAny: search answers are plain JSON
async function allPages(limit: number): Promise<{ pages: any[][]; cursors: (string | null)[] }> {
  // biome-ignore lint/suspicious/noExplicitAny: search answers are plain JSON
  const pages: any[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const res = await searchCall(cursor ? { limit, cursor } : { limit });
    expect(res.status).toBe(200);
    pages.push(res.body.doctors);
    cursors.push(res.body.nextCursor);
    cursor = res.body.nextCursor;
    if (pages.length > 20) throw new Error('paging does not end');
  } while (cursor);
  return { pages, cursors };
}

describe('paging the doctor search', () => {
  it('walks the same doctors, in the same order, as the unpaged answer, and only those with a free slot', async () => {
    const unpaged = await searchCall();
    expect(unpaged.status).toBe(200);
    const expected = unpaged.body.map((d: { id: number }) => d.id);
    expect([...expected].sort((a, b) => a - b)).toEqual(free.map((d) => d.id));
    for (const limit of [1, 3, 8, 50]) {
      const { pages } = await allPages(limit);
      expect(pages.flat().map((d) => d.id)).toEqual(expected);
      // Every page but the last is full: doctors without a free slot take no place on a page.
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      expect(pages.at(-1)?.length).toBeGreaterThan(0);
    }
    for (const absent of [fullyBooked, noSchedule, unverified]) expect(expected).not.toContain(absent.id);
  });

  it("gives each doctor's nearest free slots and their count; psychologistId loads all of them", async () => {
    const { pages } = await allPages(50);
    for (const doctor of pages[0]) {
      const one = await searchCall({ psychologistId: doctor.id });
      expect(one.status).toBe(200);
      expect(one.body).toHaveLength(1);
      const all = one.body[0].availableSlots;
      expect(doctor.freeSlotCount).toBe(all.length);
      expect(doctor.availableSlots).toEqual(all.slice(0, SEARCH_NEAREST_SLOTS));
      expect(one.body[0]).toMatchObject({ id: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName });
    }
    expect((await searchCall({ psychologistId: fullyBooked.id })).body).toEqual([]);
    expect((await searchCall({ psychologistId: unverified.id })).body).toEqual([]);
  });

  it('keeps a cursor pointing at the same place when doctors join before it or slots are booked', async () => {
    const first = await searchCall({ limit: 3 });
    const before = await searchCall({ limit: 3, cursor: first.body.nextCursor });
    const newcomer = await createPsychologist(ctx.app, { firstName: 'Aaron', lastName: 'Early' });
    await addSlots(ctx.app, newcomer.id, dayOfWeekOf(range.startDate), ['10:00', '11:00']);
    const after = await searchCall({ limit: 3, cursor: first.body.nextCursor });
    expect(after.body.doctors.map((d: { id: number }) => d.id)).toEqual(before.body.doctors.map((d: { id: number }) => d.id));
    expect((await searchCall({ limit: 1 })).body.doctors[0].id).toBe(newcomer.id);
  });

  it('ends with a null cursor when the last page is exactly full, and answers an empty page', async () => {
    const all = (await searchCall()).body.length;
    const exact = await searchCall({ limit: all });
    expect(exact.body.doctors).toHaveLength(all);
    expect(exact.body.nextCursor).toBeNull();
    const far = dateFromToday(ctx.app, 20);
    const none = await searchCall({ limit: 5 }, { ...range, therapyTypes: ['PSYCHOANALIZ'], startDate: far, endDate: far });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ doctors: [], nextCursor: null });
  });

  it('answers 400 naming the field for a bad limit, cursor or psychologistId', async () => {
    for (const limit of ['0', '51', '-1', '1.5', 'abc', '01', '']) {
      const res = await searchCall({ limit });
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.fields[0].field).toBe('querystring.limit');
    }
    const { cursors } = await allPages(2);
    const good = cursors[0] as string;
    const [payload, signature] = good.split('.');
    const forged = `${Buffer.from(JSON.stringify(['A', 'A', 1])).toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cursor of [forged, flipped, 'abc', `${good}.x`, '.', 'x'.repeat(600), `${payload}.`]) {
      const res = await searchCall({ cursor });
      expect(res.status, `cursor=${cursor}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION' });
      expect(res.body.fields[0].field).toBe('querystring.cursor');
    }
    for (const psychologistId of ['0', 'x', '-3']) {
      const res = await searchCall({ psychologistId });
      expect(res.status).toBe(400);
      expect(res.body.fields[0].field).toBe('querystring.psychologistId');
    }
  });
});

describe('compressing API answers', () => {
  it('compresses a large answer by Accept-Encoding and leaves small ones and other clients alone', async () => {
    const plain = await searchCall();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const size = plain.raw.rawPayload.length;
    expect(size).toBeGreaterThan(1024);
    const br = await searchCall({}, range, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.rawPayload.length).toBeLessThan(size / 3);
    expect(JSON.parse(brotliDecompressSync(br.raw.rawPayload).toString())).toEqual(plain.body);
    const gz = await searchCall({}, range, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.raw.rawPayload).toString())).toEqual(plain.body);
    const me = await call(ctx.app, {
      method: 'GET',
      url: '/api/user/me',
      token: patient.token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(me.headers['content-encoding']).toBeUndefined();
  });
});
