import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, busyTimes, groupAttendance, groupSessions } from '../src/db/schema/index.js';
import { dateFromToday } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { createGroup, groupBusyOf, join, leave, programRow } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

/** A program's life: its edits, its end, its sessions canceled or skipped, its members leaving and coming back. */

let ctx: TestContext;
let psy: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  psy = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Group' });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const day = (n: number) => dateFromToday(ctx.app, n);
const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  call(ctx.app, { method, url, token, ...(payload && { payload }) });
const statuses = async (programId: number) =>
  (await ctx.app.db.select().from(groupSessions).where(eq(groupSessions.programId, programId))).map((s) => s.status);
/**
 * A token signed on the app's clock as it reads now: one signed before a jump of days has expired, and signing ends
 * the account's expired sessions, so tests that jump use accounts of their own.
 */
const fresh = (user: TestUser) => ctx.app.tokens.issue(user.id);
const busyOfSession = (id: number) => ctx.app.db.select().from(busyTimes).where(eq(busyTimes.groupSessionId, id));

describe('PUT /api/psychologist/groups/{id}', () => {
  it('edits a program, never its capacity below its members, and refuses a stale version', async () => {
    const group = await createGroup(ctx.app, psy.token, day(1), '07:00', { capacity: 3 });
    for (let i = 0; i < 3; i++) expect((await join(ctx.app, (await createPatient(ctx.app)).token, group.id)).status).toBe(201);
    const edit = (body: object) => api('PUT', `/api/psychologist/groups/${group.id}`, psy.token, body);
    const below = await edit({ title: 'Smaller', description: '', capacity: 2 });
    expect([below.status, below.body.code]).toEqual([409, 'CONFLICT']);
    const ok = await edit({ title: 'Calmer', description: 'Weekly', capacity: 4, version: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Calmer', capacity: 4, memberCount: 3, seatsLeft: 1, version: 2 });
    const stale = await edit({ title: 'Again', description: '', capacity: 5, version: 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'STALE']);
    const other = await createPsychologist(ctx.app);
    const foreign = await api('PUT', `/api/psychologist/groups/${group.id}`, other.token, {
      title: 'Mine',
      description: '',
      capacity: 5,
    });
    expect(foreign.status).toBe(404);
    expect((await programRow(ctx.app, group.id)).title).toBe('Calmer');
  });
});

describe('DELETE /api/psychologist/groups/{id}', () => {
  it('ends the program: the sessions ahead are canceled and free everyone’s time, the past ones stay', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, day(1), '12:00');
    const member = await createPatient(ctx.app);
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    // A week on, the first session has taken place.
    ctx.setNow(`${day(8)} 11:00`);
    const token = await fresh(psy);
    const ended = await api('DELETE', `/api/psychologist/groups/${group.id}`, token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ENDED', seatsLeft: 0 });
    expect(await statuses(group.id)).toEqual(['CONFIRMED', 'CANCELED', 'CANCELED', 'CANCELED']);
    for (const s of group.sessions.slice(1)) expect(await busyOfSession(s.id)).toEqual([]);
    expect(await busyOfSession(group.sessions[0].id)).toHaveLength(2);
    const again = await api('DELETE', `/api/psychologist/groups/${group.id}`, token);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
    const search = await api('GET', '/api/groups?size=50', await fresh(member));
    expect(search.body.content.some((g: { id: number }) => g.id === group.id)).toBe(false);
  });
});

describe('canceling one session', () => {
  it('lets the psychologist cancel one session, freeing its time, once', async () => {
    const group = await createGroup(ctx.app, psy.token, day(2), '08:00');
    const member = await createPatient(ctx.app);
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    const id = group.sessions[1].id;
    const res = await api('DELETE', `/api/psychologist/group-sessions/${id}`, psy.token);
    expect([res.status, res.body.status]).toEqual([200, 'CANCELED']);
    expect(await busyOfSession(id)).toEqual([]);
    expect(await groupBusyOf(ctx.app, member.id)).toHaveLength(3);
    const again = await api('DELETE', `/api/psychologist/group-sessions/${id}`, psy.token);
    expect([again.status, again.body.code]).toEqual([409, 'NOT_CANCELABLE']);
  });

  it('lets an admin cancel any session, on the audit trail, and list programs without their members', async () => {
    const group = await createGroup(ctx.app, psy.token, day(2), '11:00');
    const member = await createPatient(ctx.app, { firstName: 'Hidden' });
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const id = group.sessions[0].id;
    expect((await api('DELETE', `/api/admin/group-sessions/${id}`, admin.token)).status).toBe(200);
    const trail = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, admin.id));
    expect(trail).toMatchObject([{ action: 'APPOINTMENT_CANCEL', subjectId: psy.id, detail: `group-session:${id}` }]);

    const list = await api('GET', '/api/admin/groups?size=100', admin.token);
    expect(list.status).toBe(200);
    const row = list.body.content.find((g: { id: number }) => g.id === group.id);
    expect(row).toMatchObject({
      memberCount: 1,
      psychologist: { id: psy.id, firstName: 'Olena', lastName: 'Group' },
      nextSession: { id: group.sessions[1].id, startTime: '11:00', videoCallRoomId: null },
    });
    // Every session, the canceled one too, for the admin to cancel from the program; never a room.
    expect(row.sessions.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual(
      group.sessions.map((s, i) => [s.id, i === 0 ? 'CANCELED' : 'CONFIRMED']),
    );
    expect(row.sessions.every((s: { videoCallRoomId: string | null }) => s.videoCallRoomId === null)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('Hidden');
  });
});

describe('a member skipping a session', () => {
  it('excuses them until 24 hours before it starts, frees their time in it alone, then answers NOTICE_PASSED', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, day(2), '14:00');
    const [member, other] = [await createPatient(ctx.app), await createPatient(ctx.app)];
    for (const p of [member, other]) expect((await join(ctx.app, p.token, group.id)).status).toBe(201);
    const [first, second] = group.sessions;
    const [dayBefore, weekOn] = [day(1), day(8)];
    ctx.setNow(`${dayBefore} 13:59`);
    expect((await api('DELETE', `/api/patient/group-sessions/${first.id}`, member.token)).status).toBe(204);
    const marks = await ctx.app.db.select().from(groupAttendance).where(eq(groupAttendance.sessionId, first.id));
    expect(marks).toMatchObject([{ patientId: member.id, status: 'EXCUSED' }]);
    const [excused] = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, member.id));
    expect(excused).toMatchObject({
      action: 'UPDATE',
      patientId: member.id,
      detail: `group-session:${first.id}:attendance:EXCUSED`,
    });
    expect((await busyOfSession(first.id)).map((b) => b.userId).sort()).toEqual([psy.id, other.id].sort());

    ctx.setNow(`${weekOn} 14:01`);
    const late = await api('DELETE', `/api/patient/group-sessions/${second.id}`, await fresh(member));
    expect([late.status, late.body.code]).toEqual([409, 'NOTICE_PASSED']);
    expect(await busyOfSession(second.id)).toHaveLength(3);
    const stranger = await createPatient(ctx.app);
    expect((await api('DELETE', `/api/patient/group-sessions/${second.id}`, await fresh(stranger))).status).toBe(404);
  });
});

describe('leaving and coming back', () => {
  it('frees the seat and the time ahead, and lets a former member rejoin while seats allow', async () => {
    const group = await createGroup(ctx.app, psy.token, day(3), '19:00', { capacity: 2 });
    const [a, b, c] = [await createPatient(ctx.app), await createPatient(ctx.app), await createPatient(ctx.app)];
    for (const p of [a, b]) expect((await join(ctx.app, p.token, group.id)).status).toBe(201);
    expect((await join(ctx.app, c.token, group.id)).body.code).toBe('GROUP_FULL');
    expect((await leave(ctx.app, a.token, group.id)).status).toBe(204);
    expect((await leave(ctx.app, a.token, group.id)).status).toBe(404);
    expect(await groupBusyOf(ctx.app, a.id)).toEqual([]);
    expect((await programRow(ctx.app, group.id)).memberCount).toBe(1);
    expect((await join(ctx.app, c.token, group.id)).status).toBe(201);
    expect((await join(ctx.app, a.token, group.id)).body.code).toBe('GROUP_FULL');
    expect((await leave(ctx.app, b.token, group.id)).status).toBe(204);
    const back = await join(ctx.app, a.token, group.id);
    expect([back.status, back.body.member]).toEqual([201, true]);
    expect(await groupBusyOf(ctx.app, a.id)).toHaveLength(4);
    const rows = await ctx.app.db
      .select()
      .from(busyTimes)
      .where(and(eq(busyTimes.userId, b.id), eq(busyTimes.side, 'PATIENT')));
    expect(rows).toEqual([]);
  });
});
