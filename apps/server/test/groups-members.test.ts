import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, groupNotes } from '../src/db/schema/index.js';
import { attendedCount } from '../src/modules/groups/service.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { createGroup, join, leave } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

/** Members are the psychologist's to see: never other members', another psychologist's or staff's; every read audited. */

let ctx: TestContext;
let psy: TestUser;
let group: Awaited<ReturnType<typeof createGroup>>;
let ann: TestUser;
let bob: TestUser;
/** When Ann's individual session with the psychologist starts. */
let annNext: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  psy = await createPsychologist(ctx.app);
  group = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 1), '18:00');
  ann = await createPatient(ctx.app, { firstName: 'Ann', lastName: 'Member' });
  bob = await createPatient(ctx.app, { firstName: 'Bob', lastName: 'Member' });
  for (const p of [ann, bob]) expect((await join(ctx.app, p.token, group.id)).status).toBe(201);
  const first = await insertAppointment(ctx.app, {
    psychologistId: psy.id,
    patientId: ann.id,
    date: dateFromToday(ctx.app, 3),
    start: '10:00',
    end: '11:00',
  });
  annNext = first.startsAt.toISOString();
  // A canceled one sooner is not ahead of her.
  const canceled = { date: dateFromToday(ctx.app, 2), start: '10:00', end: '11:00', status: 'CANCELED' as const };
  await insertAppointment(ctx.app, { psychologistId: psy.id, patientId: ann.id, ...canceled });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  call(ctx.app, { method, url, token, ...(payload !== undefined && { payload: payload as object }) });
/** All a patient's view of a program holds: nothing about its members but the caller's own `member`. */
const PUBLIC_KEYS = [
  'capacity',
  'description',
  'durationMinutes',
  'enrolment',
  'id',
  'member',
  'psychologist',
  'seatsLeft',
  'sessions',
  'status',
  'therapyType',
  'title',
];
const membersUrl = () => `/api/psychologist/groups/${group.id}/members`;
const auditOf = (userId: number) => ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, userId));

describe('GET /api/psychologist/groups/{id}/members', () => {
  it('shows the psychologist each member with their individual sessions ahead, and audits the read', async () => {
    const res = await api('GET', membersUrl(), psy.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        patientId: ann.id,
        firstName: 'Ann',
        birthDate: '1990-01-01',
        upcomingIndividual: 1,
        nextIndividualAt: annNext,
        attendance: {},
      }),
      expect.objectContaining({ patientId: bob.id, firstName: 'Bob', upcomingIndividual: 0, nextIndividualAt: null }),
    ]);
    const trail = await auditOf(psy.id);
    expect(trail.map((e) => [e.action, e.patientId, e.detail])).toEqual([
      ['READ', ann.id, `group:${group.id}:members`],
      ['READ', bob.id, `group:${group.id}:members`],
    ]);
  });

  it('shows no member to anyone else: another psychologist (404), staff and patients (403), a member’s own view', async () => {
    const other = await createPsychologist(ctx.app);
    expect((await api('GET', membersUrl(), other.token)).status).toBe(404);
    for (const role of ['MANAGER', 'ADMIN'] as const) {
      const staff = await createUser(ctx.app, { role });
      expect((await api('GET', membersUrl(), staff.token)).status).toBe(403);
    }
    expect((await api('GET', membersUrl(), ann.token)).status).toBe(403);
    for (const viewer of [ann, await createPatient(ctx.app)]) {
      const view = await api('GET', `/api/groups/${group.id}`, viewer.token);
      expect(view.status).toBe(200);
      expect(Object.keys(view.body).sort()).toEqual(PUBLIC_KEYS);
      const text = JSON.stringify(view.body);
      for (const leak of ['Bob', 'Member', bob.email, ann.email]) expect(text).not.toContain(leak);
    }
    expect(await auditOf(other.id)).toEqual([]);
  });
});

describe('adding and removing members', () => {
  it('adds a patient the psychologist treats to an invite-only group, and no one else', async () => {
    const invite = await createGroup(ctx.app, psy.token, dateFromToday(ctx.app, 2), '07:00', { enrolment: 'INVITE' });
    const url = `/api/psychologist/groups/${invite.id}/members`;
    const stranger = await createPatient(ctx.app);
    expect((await api('POST', url, psy.token, { patientId: stranger.id })).status).toBe(404);
    const added = await api('POST', url, psy.token, { patientId: ann.id });
    expect([added.status, added.body.patientId], JSON.stringify(added.body)).toEqual([201, ann.id]);
    expect((await api('POST', url, psy.token, { patientId: ann.id })).body.code).toBe('ALREADY_MEMBER');
    expect((await api('GET', `/api/groups/${invite.id}`, ann.token)).body.member).toBe(true);
    expect((await api('DELETE', `${url}/${ann.id}`, psy.token)).status).toBe(204);
    expect((await api('DELETE', `${url}/${ann.id}`, psy.token)).status).toBe(404);
    expect((await api('GET', `/api/groups/${invite.id}`, ann.token)).status).toBe(404);
  });
});

describe('PUT /api/psychologist/group-sessions/{id}/attendance', () => {
  const mark = (body: unknown, token = psy.token) =>
    api('PUT', `/api/psychologist/group-sessions/${group.sessions[0].id}/attendance`, token, body);

  it('waits for the session to start, takes members only, and audits each mark', async () => {
    const early = await mark([{ patientId: ann.id, status: 'ATTENDED' }]);
    expect([early.status, early.body.code]).toEqual([409, 'NOT_STARTED']);
    ctx.setNow(`${dateFromToday(ctx.app, 1)} 18:10`);
    const token = await ctx.app.tokens.issue(psy.id);
    const stranger = await createPatient(ctx.app);
    const wrong = await mark(
      [
        { patientId: ann.id, status: 'ATTENDED' },
        { patientId: stranger.id, status: 'NO_SHOW' },
      ],
      token,
    );
    expect([wrong.status, wrong.body.fields?.[0]?.field]).toEqual([400, 'body.1.patientId']);
    const ok = await mark(
      [
        { patientId: ann.id, status: 'ATTENDED' },
        { patientId: bob.id, status: 'LATE_CANCEL' },
      ],
      token,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual([
      { patientId: ann.id, status: 'ATTENDED' },
      { patientId: bob.id, status: 'LATE_CANCEL' },
    ]);
    const updates = (await auditOf(psy.id)).filter((e) => e.action === 'UPDATE');
    expect(updates.map((e) => [e.patientId, e.detail])).toEqual([
      [ann.id, `group-session:${group.sessions[0].id}:attendance:ATTENDED`],
      [bob.id, `group-session:${group.sessions[0].id}:attendance:LATE_CANCEL`],
    ]);
    const members = await api('GET', membersUrl(), token);
    expect(members.body[0].attendance).toEqual({ [group.sessions[0].id]: 'ATTENDED' });
    const week = { from: new Date(group.sessions[0].startsAt), to: new Date(group.sessions[1].startsAt) };
    expect(await attendedCount(ctx.app.db, ann.id, week.from, week.to)).toBe(1);
    expect(await attendedCount(ctx.app.db, bob.id, week.from, week.to)).toBe(0);
  });
});

describe('the group note', () => {
  it('is sanitised, sealed, versioned and the psychologist’s alone', async () => {
    const url = `/api/psychologist/group-sessions/${group.sessions[1].id}/note`;
    expect((await api('GET', url, psy.token)).body).toEqual({ content: '', version: 0, updatedAt: null });
    const saved = await api('PUT', url, psy.token, { content: '<p>Calm start<script>alert(1)</script></p>', version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ content: '<p>Calm start</p>', version: 1 });
    // A second first save (another tab that read the empty note) does not overwrite the first.
    const secondFirst = await api('PUT', url, psy.token, { content: '<p>Other tab</p>', version: 0 });
    expect([secondFirst.status, secondFirst.body.code]).toEqual([409, 'STALE']);
    const [row] = await ctx.app.db.select().from(groupNotes).where(eq(groupNotes.sessionId, group.sessions[1].id));
    expect(Buffer.from(row.content).toString('utf8')).not.toContain('Calm start');
    expect((await api('PUT', url, psy.token, { content: '<p>Later</p>', version: 1 })).body.version).toBe(2);
    const stale = await api('PUT', url, psy.token, { content: '<p>Old copy</p>', version: 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'STALE']);
    expect((await api('GET', url, psy.token)).body.content).toBe('<p>Later</p>');
    const other = await createPsychologist(ctx.app);
    expect((await api('GET', url, other.token)).status).toBe(404);
    expect((await api('PUT', url, other.token, { content: '<p>Mine</p>' })).status).toBe(404);
  });
});

describe('POST /api/psychologist/groups/{id}/messages', () => {
  it('reaches every member as an announcement in the group’s conversation, which they read and do not answer there', async () => {
    const sender = await createPsychologist(ctx.app);
    const own = await createGroup(ctx.app, sender.token, dateFromToday(ctx.app, 4), '12:00', { capacity: 8 });
    const url = `/api/psychologist/groups/${own.id}/messages`;
    expect((await api('POST', url, sender.token, { message: 'Hello' })).body.code).toBe('CONFLICT');
    const members: TestUser[] = [];
    for (let i = 0; i < 8; i++) {
      members.push(await createPatient(ctx.app));
      expect((await join(ctx.app, members[i].token, own.id)).status).toBe(201);
    }
    for (const _ of [1, 2])
      expect((await api('POST', url, sender.token, { message: 'Bring a notebook' })).body).toEqual({ sent: 8 });
    // One bell item per member while they have not read the conversation, naming the psychologist, not the text.
    const bell = await api('GET', '/api/notifications', members[0].token);
    const news = bell.body.content.filter((n: { kind: string }) => n.kind === 'MESSAGE');
    expect(news).toEqual([expect.objectContaining({ conversationId: expect.any(Number) })]);
    expect(JSON.stringify(news)).not.toContain('notebook');
    const conversationId = news[0].conversationId;
    // …and one mail each, with the link and without the text.
    // (The other is the one about joining.)
    const mails = await ctx.mail.waitForMails(members[3].email, 2);
    const mail = mails.find((m) => m.text.includes(`/messages/${conversationId}`));
    expect(mail).toBeDefined();
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain('notebook');
    const thread = await api('GET', `/api/conversations/${conversationId}/messages`, members[7].token);
    expect(thread.body.content.map((m: { body: string }) => m.body)).toEqual(['Bring a notebook', 'Bring a notebook']);
    const reply = await api('POST', `/api/conversations/${conversationId}/messages`, members[0].token, { body: 'Sure' });
    expect(reply.status).toBe(403);
    const outsider = await createPatient(ctx.app);
    expect((await api('GET', `/api/conversations/${conversationId}/messages`, outsider.token)).status).toBe(404);
    expect((await api('POST', url, psy.token, { message: 'Not mine' })).status).toBe(404);

    // Members who have read it hear of the next one; a member who has left does not, and is not counted.
    const leaver = members[6];
    for (const reader of [leaver, members[7]]) {
      expect((await api('PUT', `/api/conversations/${conversationId}/read`, reader.token)).status).toBe(200);
    }
    expect((await leave(ctx.app, leaver.token, own.id)).status).toBe(204);
    expect((await api('POST', url, sender.token, { message: 'Room 4 today' })).body).toEqual({ sent: 7 });
    const messageNews = async (u: TestUser) =>
      (await api('GET', '/api/notifications', u.token)).body.content.filter((n: { kind: string }) => n.kind === 'MESSAGE');
    expect(await messageNews(members[7])).toHaveLength(2);
    expect(await messageNews(leaver)).toHaveLength(1);
  });
});
