import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditEvents, groupSessions } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { addSlots, book, dateFromToday, insertAppointment, platformWhen, search } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { createGroup, join, leave } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

// Groups are made and changed through the groups API; individual sessions are inserted as rows.

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const get = (url: string, token: string) => call(ctx.app, { method: 'GET', url, token });
type Entry = {
  id: number;
  kind: string;
  group: { id: number; title: string } | null;
  startsAt: string;
  status: string;
  videoCallRoomId: string | null;
  patientId: number | null;
  patientFirstName: string | null;
  attendance: string | null;
};
const listOf = async (role: 'patient' | 'doctor', u: TestUser, tab = 'active'): Promise<Entry[]> => {
  const res = await get(`/api/${role}/appointments?status=${tab}`, u.token);
  expect(res.status).toBe(200);
  return res.body;
};
const groupEntries = (list: Entry[]) => list.filter((e) => e.kind === 'GROUP');

/**
 * A psychologist running a group of four weekly 90-minute sessions from the day after tomorrow at 18:00, two members
 * (one of them also seen individually tomorrow), and the group as created.
 */
async function world() {
  const doc = await createPsychologist(ctx.app, { firstName: 'Maria', lastName: 'Bondar' });
  const anna = await createPatient(ctx.app, { firstName: 'Anna', lastName: 'Kovalenko' });
  const bohdan = await createPatient(ctx.app, { firstName: 'Bohdan', lastName: 'Lysenko' });
  const group = await createGroup(ctx.app, doc.token, dateFromToday(ctx.app, 2), '18:00');
  for (const p of [anna, bohdan]) expect((await join(ctx.app, p.token, group.id)).status).toBe(201);
  const individual = await insertAppointment(ctx.app, {
    psychologistId: doc.id,
    patientId: anna.id,
    date: dateFromToday(ctx.app, 1),
    start: '09:00',
    end: '10:00',
  });
  return { doc, anna, bohdan, group, individual };
}

const markAttendance = (doc: TestUser, sessionId: number, marks: { patientId: number; status: string }[]) =>
  call(ctx.app, {
    method: 'PUT',
    url: `/api/psychologist/group-sessions/${sessionId}/attendance`,
    token: doc.token,
    payload: marks,
  });

describe('appointment lists with group sessions', () => {
  it('gives the psychologist one entry per group session beside the individual ones, by time', async () => {
    const { doc, group, individual } = await world();
    const list = await listOf('doctor', doc);
    expect(list.map((e) => [e.kind, e.id])).toEqual([
      ['INDIVIDUAL', individual.id],
      ...group.sessions.map((s) => ['GROUP', s.id]),
    ]);
    expect(list[1]).toEqual({
      id: group.sessions[0].id,
      kind: 'GROUP',
      group: { id: group.id, title: 'Anxiety circle' },
      ...platformWhen(dateFromToday(ctx.app, 2), '18:00', '19:30'),
      status: 'CONFIRMED',
      cancellationReason: null,
      videoCallRoomId: group.sessions[0].videoCallRoomId,
      doctorId: doc.id,
      doctorFirstName: 'Maria',
      doctorLastName: 'Bondar',
      doctorTimeZone: 'Europe/Kyiv',
      patientId: null,
      patientFirstName: null,
      patientLastName: null,
      patientTimeZone: null,
      attendance: null,
    });
    expect(list[0]).toMatchObject({ kind: 'INDIVIDUAL', group: null, attendance: null, patientFirstName: 'Anna' });

    const canceled = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/group-sessions/${group.sessions[3].id}`,
      token: doc.token,
    });
    expect(canceled.status).toBe(200);
    expect(groupEntries(await listOf('doctor', doc))).toHaveLength(3);
    expect(groupEntries(await listOf('doctor', doc, 'archived'))).toMatchObject([
      { id: group.sessions[3].id, status: 'CANCELED' },
    ]);
  });

  it('gives each member their own sessions since they joined; one they excused themselves from moves to the archive', async () => {
    const { anna, group, individual } = await world();
    const [first, second] = group.sessions;
    const skipped = await call(ctx.app, { method: 'DELETE', url: `/api/patient/group-sessions/${second.id}`, token: anna.token });
    expect(skipped.status).toBe(204);
    const active = await listOf('patient', anna);
    expect(active.map((e) => [e.kind, e.id])).toEqual([
      ['INDIVIDUAL', individual.id],
      ['GROUP', first.id],
      ['GROUP', group.sessions[2].id],
      ['GROUP', group.sessions[3].id],
    ]);
    expect(active[1]).toMatchObject({
      patientId: anna.id,
      patientFirstName: 'Anna',
      attendance: null,
      videoCallRoomId: first.videoCallRoomId,
      patientReview: null,
      group: { id: group.id, title: 'Anxiety circle' },
    });
    expect(groupEntries(await listOf('patient', anna, 'archived'))).toMatchObject([
      { id: second.id, attendance: 'EXCUSED', videoCallRoomId: null, status: 'CONFIRMED' },
    ]);

    // A patient who joins later sees the sessions still ahead; one who left, none ahead.
    const late = await createPatient(ctx.app);
    ctx.setNow(`${dateFromToday(ctx.app, 3)} 12:00`);
    expect((await join(ctx.app, late.token, group.id)).status).toBe(201);
    expect(groupEntries(await listOf('patient', late)).map((e) => e.id)).toEqual(group.sessions.slice(1).map((s) => s.id));
    expect(groupEntries(await listOf('patient', late, 'archived'))).toEqual([]);
    expect((await leave(ctx.app, late.token, group.id)).status).toBe(204);
    expect(groupEntries(await listOf('patient', late))).toEqual([]);
  });

  it('pages the admins’ list over appointments and group sessions together, one entry per group session', async () => {
    const { group } = await world();
    const all = await get('/api/admin/appointments?page=0&size=1000', admin.token);
    expect(all.status).toBe(200);
    const [[a], [g]] = await Promise.all([
      ctx.app.db.select({ n: count() }).from(appointments),
      ctx.app.db.select({ n: count() }).from(groupSessions),
    ]);
    expect(all.body.totalElements).toBe(a.n + g.n);
    expect(all.body.content).toHaveLength(a.n + g.n);
    const starts = all.body.content.map((r: { startsAt: string }) => r.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const mine = all.body.content.filter((r: Entry) => r.group?.id === group.id);
    expect(mine.map((r: Entry) => r.id).sort()).toEqual(group.sessions.map((s) => s.id).sort());
    expect(mine[0]).toMatchObject({ kind: 'GROUP', patientId: null, attendance: null });
    expect(mine[0]).not.toHaveProperty('videoCallRoomId');
    // Small pages walk the same order.
    const paged: string[] = [];
    for (let page = 0; page * 3 < all.body.totalElements; page++) {
      const res = await get(`/api/admin/appointments?page=${page}&size=3`, admin.token);
      paged.push(...res.body.content.map((r: Entry) => `${r.kind}:${r.id}`));
    }
    expect(paged).toEqual(all.body.content.map((r: Entry) => `${r.kind}:${r.id}`));
  });
});

describe('the manager’s views of a patient in a group', () => {
  it('shows the group’s title and the patient’s attendance, never the group note, and not other members', async () => {
    const { doc, anna, bohdan, group } = await world();
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const assigned = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/assign-manager',
      token: admin.token,
      payload: { managerId: manager.id, patientId: anna.id },
    });
    expect(assigned.status).toBe(200);
    const first = group.sessions[0];
    const day = dateFromToday(ctx.app, 2);
    ctx.setNow(`${day} 18:05`);
    const marked = await markAttendance(doc, first.id, [
      { patientId: anna.id, status: 'ATTENDED' },
      { patientId: bohdan.id, status: 'NO_SHOW' },
    ]);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const note = await call(ctx.app, {
      method: 'PUT',
      url: `/api/psychologist/group-sessions/${first.id}/note`,
      token: doc.token,
      payload: { content: '<p>Sealed group observations</p>' },
    });
    expect(note.status).toBe(200);
    ctx.setNow(`${day} 20:00`);

    for (const url of ['/api/manager/appointments', `/api/manager/appointments/${anna.id}`]) {
      const res = await get(url, manager.token);
      expect(res.status).toBe(200);
      const groups = groupEntries(res.body);
      expect(groups.map((e) => e.id)).toEqual(group.sessions.map((s) => s.id));
      expect(groups.every((e) => e.patientId === anna.id && e.group?.title === 'Anxiety circle')).toBe(true);
      expect(groups[0].attendance).toBe('ATTENDED');
      expect(JSON.stringify(res.body)).not.toContain('Sealed group observations');
      expect(JSON.stringify(res.body)).not.toContain('Bohdan');
    }
    const visits = await get(`/api/manager/visits/${anna.id}`, manager.token);
    expect(visits.status).toBe(200);
    expect(visits.body[0]).toMatchObject({
      id: first.id,
      kind: 'GROUP',
      group: { id: group.id, title: 'Anxiety circle' },
      attendance: 'ATTENDED',
      doctorId: doc.id,
      patientReview: null,
      ...platformWhen(day, '18:00', '19:30'),
    });
    expect(visits.body.map((v: Entry) => v.kind)).toEqual(['GROUP', 'INDIVIDUAL']);
    expect(JSON.stringify(visits.body)).not.toContain('Sealed group observations');
    expect((await get(`/api/manager/appointments/${bohdan.id}`, manager.token)).status).toBe(404);
  });
});

describe('GET /api/{doctor,patient}/appointments/info for a group room', () => {
  it('names the members expected by first name and last initial, to the psychologist and the members only', async () => {
    const { doc, anna, bohdan, group } = await world();
    const [first, second] = group.sessions;
    const info = (side: string, room: string, u: TestUser) =>
      get(`/api/${side}/appointments/info?videoCallRoomId=${room}`, u.token);
    const expected = {
      kind: 'GROUP',
      group: { id: group.id, title: 'Anxiety circle' },
      status: 'CONFIRMED',
      doctorId: doc.id,
      doctorFirstName: 'Maria',
      patientId: null,
      patientFirstName: null,
      members: [
        { firstName: 'Anna', lastName: 'K' },
        { firstName: 'Bohdan', lastName: 'L' },
      ],
      opensAt: new Date(Date.parse(first.startsAt) - 15 * 60_000).toISOString(),
      closesAt: new Date(Date.parse(first.endsAt) + 30 * 60_000).toISOString(),
    };
    for (const [side, u] of [
      ['doctor', doc],
      ['patient', anna],
      ['patient', bohdan],
    ] as const) {
      const res = await info(side, first.videoCallRoomId, u);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(expected);
      expect(JSON.stringify(res.body)).not.toContain('@');
    }
    // Each of those reads of who is expected is on the trail, one entry per member named.
    const trail = await ctx.app.db
      .select({ userId: auditEvents.userId, patientId: auditEvents.patientId })
      .from(auditEvents)
      .where(eq(auditEvents.detail, `group-session:${first.id}:members`));
    expect(trail).toHaveLength(6);
    expect(new Set(trail.map((e) => e.userId))).toEqual(new Set([doc.id, anna.id, bohdan.id]));
    expect(new Set(trail.map((e) => e.patientId))).toEqual(new Set([anna.id, bohdan.id]));
    const stranger = await createPatient(ctx.app);
    expect((await info('patient', first.videoCallRoomId, stranger)).status).toBe(404);
    expect((await info('patient', first.videoCallRoomId, doc)).status).toBe(404);
    await call(ctx.app, { method: 'DELETE', url: `/api/patient/group-sessions/${second.id}`, token: bohdan.token });
    expect((await info('patient', second.videoCallRoomId, bohdan)).status).toBe(404);
    expect((await info('patient', second.videoCallRoomId, anna)).body.members).toEqual([{ firstName: 'Anna', lastName: 'K' }]);
    await leave(ctx.app, bohdan.token, group.id);
    expect((await info('patient', first.videoCallRoomId, bohdan)).status).toBe(404);
  });
});

describe('search and booking around group sessions', () => {
  it('offers no weekly slot a confirmed group session covers, refuses booking it, and frees it once canceled', async () => {
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const day = dateFromToday(ctx.app, 7);
    await addSlots(
      ctx.app,
      doc.id,
      dayOfWeekOf(day),
      ['16:00', '17:00'],
      ['17:00', '18:00'],
      ['18:00', '19:00'],
      ['19:00', '20:00'],
    );
    const group = await createGroup(ctx.app, doc.token, day, '17:30', { sessionCount: 1 });
    const starts = async () =>
      (await search(ctx.app, patient.token, { startDate: day, endDate: day }, [doc.id]))[0].availableSlots.map(
        (s: { startTime: string }) => s.startTime,
      );
    expect(await starts()).toEqual(['16:00', '19:00']);
    const paged = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/doctors/search?limit=50',
      token: patient.token,
      payload: { therapyTypes: ['KPT'], startDate: day, endDate: day },
    });
    const found = paged.body.doctors.find((d: { id: number }) => d.id === doc.id);
    expect(found.availableSlots.map((s: { startTime: string }) => s.startTime)).toEqual(['16:00', '19:00']);

    const refused = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: day,
      startTime: '18:00',
      endTime: '19:00',
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'SLOT_TAKEN']);

    await call(ctx.app, { method: 'DELETE', url: `/api/psychologist/group-sessions/${group.sessions[0].id}`, token: doc.token });
    expect(await starts()).toEqual(['16:00', '17:00', '18:00', '19:00']);
    const booked = await book(ctx.app, patient.token, {
      psychologistId: doc.id,
      date: day,
      startTime: '18:00',
      endTime: '19:00',
    });
    expect(booked.status).toBe(201);
  });
});

describe('progress reports', () => {
  it('count the patient’s attended sessions of the psychologist’s groups, in both languages', async () => {
    const { doc, anna, bohdan, group } = await world();
    ctx.setNow(`${dateFromToday(ctx.app, 2)} 18:10`);
    await markAttendance(doc, group.sessions[0].id, [
      { patientId: anna.id, status: 'ATTENDED' },
      { patientId: bohdan.id, status: 'NO_SHOW' },
    ]);
    ctx.setNow(TEST_NOW);
    const period = { patientId: anna.id, from: '2026-03-01', to: '2026-03-31' };
    const preview = await get(
      `/api/doctor/reports/preview?${new URLSearchParams(Object.entries(period).map(([k, v]) => [k, String(v)]))}`,
      doc.token,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.groupSessionsAttended).toBe(1);
    for (const [locale, line] of [
      ['en', 'Group sessions attended: 1'],
      ['uk', 'Відвідано групових сесій: 1'],
    ]) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/doctor/reports',
        token: doc.token,
        payload: { ...period, summary: '<p>Going well</p>', privacyLevel: 'DOCTOR_ONLY', locale },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.content).toContain(line);
    }
  });
});
