import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyTimes, users } from '../src/db/schema/index.js';
import { dateFromToday } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { createGroup, groupBody, groupBusyOf, join, programRow } from './group-helpers.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
let doc: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  doc = await createPsychologist(ctx.app);
});
afterAll(() => ctx.close());

const post = (token: string, payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/psychologist/groups', token, payload });

describe('POST /api/psychologist/groups', () => {
  it('creates the program and its sessions at the same wall time every week, across a daylight-saving change', async () => {
    // Kyiv moves its clocks forward on 2026-03-29: the 18:00 sessions on either side are 16:00 and 15:00 UTC.
    const res = await post(doc.token, groupBody('2026-03-18', '18:00', { sessionCount: 4 }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: 'Anxiety circle', capacity: 5, memberCount: 0, seatsLeft: 5, status: 'ACTIVE' });
    expect(res.body.sessions.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2026-03-18T16:00:00.000Z',
      '2026-03-25T16:00:00.000Z',
      '2026-04-01T15:00:00.000Z',
      '2026-04-08T15:00:00.000Z',
    ]);
    for (const s of res.body.sessions) expect(s).toMatchObject({ startTime: '18:00', endTime: '19:30', status: 'CONFIRMED' });
    expect(new Set(res.body.sessions.map((s: { videoCallRoomId: string }) => s.videoCallRoomId)).size).toBe(4);
    const busy = await ctx.app.db.select().from(busyTimes).where(eq(busyTimes.userId, doc.id));
    expect(busy.filter((b) => b.side === 'PSYCHOLOGIST' && b.groupSessionId !== null)).toHaveLength(4);
  });

  it('repeats on the psychologist’s own wall clock, and refuses a start the clock skips', async () => {
    // London moves its clocks forward on 2026-03-29 at 01:00: 18:00 there is 18:00 UTC before and 17:00 UTC after.
    const london = await createPsychologist(ctx.app);
    await ctx.app.db.update(users).set({ timeZone: 'Europe/London' }).where(eq(users.id, london.id));
    const body = { ...groupBody('2026-03-25', '18:00'), firstStartsAt: '2026-03-25T18:00:00Z', sessionCount: 2 };
    const res = await post(london.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sessions.map((s: { startsAt: string; startTime: string }) => [s.startsAt, s.startTime])).toEqual([
      ['2026-03-25T18:00:00.000Z', '18:00'],
      ['2026-04-01T17:00:00.000Z', '18:00'],
    ]);
    // 03:30 on 2026-03-29 does not happen in Kyiv (03:00 becomes 04:00).
    const skipped = await post(doc.token, { ...groupBody('2026-03-22', '03:30'), sessionCount: 2 });
    expect([skipped.status, skipped.body.fields?.[0]?.field]).toEqual([400, 'body.firstStartsAt']);
  });

  it('refuses an unverified psychologist (403) and a first session in the past (400)', async () => {
    const unverified = await createPsychologist(ctx.app, { verified: false });
    const refused = await post(unverified.token, groupBody(dateFromToday(ctx.app, 3)));
    expect([refused.status, refused.body.code]).toEqual([403, 'PSYCHOLOGIST_UNVERIFIED']);
    const past = await post(doc.token, groupBody(dateFromToday(ctx.app, 0), '09:00'));
    expect([past.status, past.body.fields?.[0]?.field]).toEqual([400, 'body.firstStartsAt']);
  });

  it('lists the psychologist’s own programs and shows one of another’s as 404', async () => {
    const other = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, other.token, dateFromToday(ctx.app, 10), '08:00');
    const mine = await call(ctx.app, { method: 'GET', url: '/api/psychologist/groups', token: other.token });
    expect(mine.body.map((g: { id: number }) => g.id)).toEqual([group.id]);
    const own = await call(ctx.app, { method: 'GET', url: `/api/psychologist/groups/${group.id}`, token: other.token });
    expect(own.status).toBe(200);
    const foreign = await call(ctx.app, { method: 'GET', url: `/api/psychologist/groups/${group.id}`, token: doc.token });
    expect(foreign.status).toBe(404);
  });
});

describe('finding and joining a group', () => {
  it('offers an open group with seats to patients, lets one join once and takes their time in its sessions', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 2), '12:00', { therapyType: 'NLP' });
    const patient = await createPatient(ctx.app);
    const search = () =>
      call(ctx.app, { method: 'GET', url: '/api/groups?therapyType=NLP&size=50', token: patient.token }).then((r) =>
        r.body.content.find((g: { id: number }) => g.id === group.id),
      );
    const found = await search();
    expect(found).toMatchObject({ seatsLeft: 5, member: false, psychologist: { id: psy.id } });
    expect(found.sessions.every((s: { videoCallRoomId: string | null }) => s.videoCallRoomId === null)).toBe(true);
    expect(JSON.stringify(found)).not.toContain('memberCount');

    const unaccepted = await call(ctx.app, {
      method: 'POST',
      url: `/api/patient/groups/${group.id}/enrolment`,
      token: patient.token,
      payload: { agreementAccepted: false },
    });
    expect([unaccepted.status, unaccepted.body.fields?.[0]?.field]).toEqual([400, 'body.agreementAccepted']);
    const joined = await join(ctx.app, patient.token, group.id);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({ id: group.id, member: true, seatsLeft: 4 });
    expect(joined.body.sessions[0].videoCallRoomId).toBe(group.sessions[0].videoCallRoomId);
    expect(await groupBusyOf(ctx.app, patient.id)).toHaveLength(4);

    const again = await join(ctx.app, patient.token, group.id);
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_MEMBER']);
    expect((await programRow(ctx.app, group.id)).memberCount).toBe(1);
    expect((await search()).member).toBe(true);
  });

  it('finds groups by the dates of their sessions ahead, on the patient’s wall clock', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 10), '06:00', { therapyType: 'GESTALT_TERAPIA' });
    const patient = await createPatient(ctx.app);
    const found = async (from: number, to: number) => {
      const url = `/api/groups?therapyType=GESTALT_TERAPIA&startDate=${dateFromToday(ctx.app, from)}&endDate=${dateFromToday(ctx.app, to)}`;
      const res = await call(ctx.app, { method: 'GET', url, token: patient.token });
      return res.body.content.some((g: { id: number }) => g.id === group.id);
    };
    expect(await found(0, 9)).toBe(false);
    expect(await found(10, 10)).toBe(true);
    expect(await found(11, 16)).toBe(false);
    expect(await found(11, 17)).toBe(true);
  });

  it('keeps invite-only groups out of search and refuses a patient joining them (404)', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 2), '07:00', { enrolment: 'INVITE' });
    const patient = await createPatient(ctx.app);
    const list = await call(ctx.app, { method: 'GET', url: '/api/groups?size=50', token: patient.token });
    expect(list.body.content.some((g: { id: number }) => g.id === group.id)).toBe(false);
    expect((await join(ctx.app, patient.token, group.id)).status).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: `/api/groups/${group.id}`, token: patient.token })).status).toBe(404);
  });

  it('gives the last seat to exactly one of 20 patients joining at once', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 3), '20:00', { capacity: 2 });
    const first = await createPatient(ctx.app);
    expect((await join(ctx.app, first.token, group.id)).status).toBe(201);
    const racers: TestUser[] = [];
    for (let i = 0; i < 20; i++) racers.push(await createPatient(ctx.app));
    const results = await Promise.all(racers.map((p) => join(ctx.app, p.token, group.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.code}`)).toEqual(
      Array(19).fill('409 GROUP_FULL'),
    );
    expect((await programRow(ctx.app, group.id)).memberCount).toBe(2);
    const winner = racers[results.findIndex((r) => r.status === 201)];
    const losers = racers.filter((p) => p !== winner);
    expect(await groupBusyOf(ctx.app, winner.id)).toHaveLength(4);
    for (const p of losers) expect(await groupBusyOf(ctx.app, p.id)).toEqual([]);
  });

  it('is for patients only', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    expect((await call(ctx.app, { method: 'GET', url: '/api/groups', token: manager.token })).status).toBe(403);
  });
});
