import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema/index.js';
import { queueDueReminders } from '../src/modules/notifications/service.js';
import { platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { createGroup, join, leave } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import type { CaughtMail } from './mail-catcher.js';

// Groups are made and changed through the groups API; the mails are read as they arrive at a real SMTP server.

let ctx: TestContext;
let doctor: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  doctor = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

/** A new patient; `uk` reads Ukrainian on New York's clock. */
async function patient(firstName = 'Petro', opts: { uk?: boolean } = {}) {
  const p = await createPatient(ctx.app, { firstName, lastName: 'Shevchenko' });
  if (opts.uk) await ctx.app.db.update(users).set({ locale: 'uk', timeZone: 'America/New_York' }).where(eq(users.id, p.id));
  return p;
}

async function allMailSettled() {
  for (let waited = 0; ; waited += 50) {
    const pending = await ctx.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.mail, 'PENDING'));
    if (pending.length === 0) return;
    if (waited > 10_000) throw new Error(`${pending.length} mails still wait`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mailsTo = (u: TestUser) => ctx.mail.mailsTo(u.email);
const mailTitled = async (u: TestUser, subject: string) => {
  await allMailSettled();
  const found = mailsTo(u).filter((m) => m.subject === subject);
  expect(found, `mails to ${u.email}: ${mailsTo(u).map((m) => m.subject)}`).toHaveLength(1);
  return found[0];
};

/** Every invite attached to a mail, read by an independent parser. */
function invitesOf(mail: CaughtMail) {
  return mail.attachments
    .filter((a) => a.filename.endsWith('.ics'))
    .map((ics) => {
      const calendar = new ICAL.Component(ICAL.parse(ics.content));
      const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
      return {
        method: calendar.getFirstPropertyValue('method'),
        uid: event.getFirstPropertyValue('uid'),
        sequence: event.getFirstPropertyValue('sequence'),
        status: event.getFirstPropertyValue('status'),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        summary: event.getFirstPropertyValue('summary'),
        organizer: (event.getFirstProperty('organizer') as ICAL.Property).getParameter('cn'),
        attendee: String(event.getFirstPropertyValue('attendee')).toLowerCase(),
        rsvp: (event.getFirstProperty('attendee') as ICAL.Property).getParameter('rsvp'),
      };
    });
}

const kindsOf = async (u: TestUser) => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/notifications?size=50', token: u.token });
  expect(res.status).toBe(200);
  return (res.body.content as { kind: string; title: string; text: string }[]).map((n) => n.kind);
};

const uid = (sessionId: number) => `group-session-${sessionId}@${new URL(ctx.app.config.publicUrl).hostname}`;

describe('news of a group program', () => {
  it('sends a joining member one invite per session ahead, in their language and zone', async () => {
    const group = await createGroup(ctx.app, doctor.token, '2026-03-18', '18:00');
    const en = await patient('Petro');
    const uk = await patient('Iryna', { uk: true });
    expect((await join(ctx.app, en.token, group.id)).status).toBe(201);
    expect((await join(ctx.app, uk.token, group.id)).status).toBe(201);

    const mail = await mailTitled(en, 'You joined the group “Anxiety circle”');
    expect(mail.text).toContain('You are now a member of the group “Anxiety circle” with Olena Kovalenko.');
    expect(mail.text).toContain('• Wednesday, 18 March 2026, 18:00–19:30');
    const invites = invitesOf(mail);
    expect(invites.map((i) => [i.uid, i.method, i.sequence, i.start])).toEqual(
      group.sessions.map((s) => [uid(s.id), 'REQUEST', 0, s.startsAt]),
    );
    expect(invites[0]).toMatchObject({
      status: 'CONFIRMED',
      summary: 'Rozmova group session: Anxiety circle',
      organizer: 'Olena Kovalenko',
      attendee: `mailto:${en.email}`,
      rsvp: 'FALSE',
    });
    expect(mail.raw).toContain('method=REQUEST');

    const ukMail = await mailTitled(uk, 'Ви приєдналися до групи «Anxiety circle»');
    // 18:00 in Kyiv on 18 March is 12:00 in New York.
    expect(ukMail.text).toContain('середа, 18 березня 2026 р., 12:00–13:30');
    expect(invitesOf(ukMail)[0].summary).toBe('Групова сесія в Rozmova: Anxiety circle');
    expect(await kindsOf(en)).toEqual(['GROUP_JOINED']);
    expect(await kindsOf(doctor)).toEqual([]);
  });

  it('sends every member the moved session’s new invite with a higher SEQUENCE, and a cancellation', async () => {
    const group = await createGroup(ctx.app, doctor.token, '2026-04-01', '09:00');
    const a = await patient('Andriy');
    const b = await patient('Bohdan');
    await join(ctx.app, a.token, group.id);
    await join(ctx.app, b.token, group.id);
    const [first, second] = group.sessions;

    const newStart = platformInstant('2026-04-02', '11:00').toISOString();
    const moved = await call(ctx.app, {
      method: 'PUT',
      url: `/api/psychologist/group-sessions/${first.id}`,
      token: doctor.token,
      payload: { startsAt: newStart },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    for (const member of [a, b]) {
      const mail = await mailTitled(member, 'Group session moved');
      expect(mail.text).toContain(
        'The session of the group “Anxiety circle” is now on Thursday, 2 April 2026, 11:00–12:30 EEST (Europe/Kyiv) (it was on Wednesday, 1 April 2026, 09:00–10:30',
      );
      expect(mail.text).toContain('/video-chat-room?room=');
      expect(invitesOf(mail)).toEqual([
        expect.objectContaining({ uid: uid(first.id), method: 'REQUEST', sequence: 1, start: new Date(newStart).toISOString() }),
      ]);
    }

    const canceled = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/group-sessions/${second.id}`,
      token: doctor.token,
    });
    expect(canceled.status).toBe(200);
    const mail = await mailTitled(a, 'Group session canceled');
    expect(mail.text).toContain('The session of the group “Anxiety circle” on Wednesday, 8 April 2026, 09:00–10:30 EEST');
    const [cancel] = invitesOf(mail);
    expect(cancel).toMatchObject({ uid: uid(second.id), method: 'CANCEL', sequence: 1, status: 'CANCELLED' });
    expect(mail.raw).toContain('method=CANCEL');
    expect(await kindsOf(b)).toEqual(['GROUP_SESSION_CANCELED', 'GROUP_SESSION_MOVED', 'GROUP_JOINED']);
  });

  it('takes a leaving or removed member’s sessions out of their calendar, tells the psychologist of a leave, and ends', async () => {
    const group = await createGroup(ctx.app, doctor.token, '2026-04-20', '08:00');
    const leaver = await patient('Lesia');
    const removed = await patient('Roman');
    const stays = await patient('Stepan');
    for (const p of [leaver, removed, stays]) await join(ctx.app, p.token, group.id);

    expect((await leave(ctx.app, leaver.token, group.id)).status).toBe(204);
    const left = await mailTitled(leaver, 'You left the group “Anxiety circle”');
    expect(invitesOf(left).map((i) => [i.uid, i.method, i.sequence])).toEqual(
      group.sessions.map((s) => [uid(s.id), 'CANCEL', 1]),
    );
    const told = await mailTitled(doctor, 'A member left the group “Anxiety circle”');
    expect(told.text).toContain('Lesia Shevchenko left your group “Anxiety circle”');
    expect(told.attachments).toEqual([]);

    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/groups/${group.id}/members/${removed.id}`,
      token: doctor.token,
    });
    expect(res.status).toBe(204);
    const gone = await mailTitled(removed, 'Your place in the group “Anxiety circle” has ended');
    expect(invitesOf(gone).every((i) => i.method === 'CANCEL')).toBe(true);
    expect(mailsTo(doctor).filter((m) => m.subject.includes('left'))).toHaveLength(1);

    expect(
      (await call(ctx.app, { method: 'DELETE', url: `/api/psychologist/groups/${group.id}`, token: doctor.token })).status,
    ).toBe(200);
    const ended = await mailTitled(stays, 'The group “Anxiety circle” has ended');
    expect(invitesOf(ended).map((i) => [i.uid, i.method, i.sequence])).toEqual(
      group.sessions.map((s) => [uid(s.id), 'CANCEL', 1]),
    );
    // Those who had left before the end hear nothing of it.
    expect(mailsTo(leaver).map((m) => m.subject)).not.toContain('The group “Anxiety circle” has ended');
  });
});

describe('group session reminders', () => {
  async function sweepAt(wallClock: string) {
    ctx.setNow(wallClock);
    await Promise.all([queueDueReminders(ctx.app.context), queueDueReminders(ctx.app.context)]);
  }
  const remindersTo = (u: TestUser) =>
    mailsTo(u).filter((m) => ['Your group session is tomorrow', 'Your group session starts in an hour'].includes(m.subject));

  it('reminds the psychologist and each member expected, 24 hours and 1 hour before, once each', async () => {
    const psy = await createPsychologist(ctx.app, { firstName: 'Marta', lastName: 'Hnatiuk' });
    const group = await createGroup(ctx.app, psy.token, '2026-03-14', '12:00', { sessionCount: 1 });
    const comes = await patient('Kateryna');
    const skips = await patient('Sofia');
    await join(ctx.app, comes.token, group.id);
    await join(ctx.app, skips.token, group.id);
    const session = group.sessions[0];
    const skipped = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/patient/group-sessions/${session.id}`,
      token: skips.token,
    });
    expect(skipped.status).toBe(204);

    await sweepAt('2026-03-13 11:59');
    await sweepAt('2026-03-13 12:00');
    await sweepAt('2026-03-13 12:01');
    await sweepAt('2026-03-14 11:00');
    ctx.setNow(TEST_NOW);
    await allMailSettled();
    expect(remindersTo(comes).map((m) => m.subject)).toEqual([
      'Your group session is tomorrow',
      'Your group session starts in an hour',
    ]);
    expect(remindersTo(comes)[0].text).toContain(
      'A reminder: the session of the group “Anxiety circle” is on Saturday, 14 March 2026, 12:00–13:30',
    );
    expect(remindersTo(comes)[1].text).toContain(`/video-chat-room?room=${session.videoCallRoomId}`);
    expect(remindersTo(psy)).toHaveLength(2);
    expect(remindersTo(skips)).toEqual([]);
    expect(await kindsOf(comes)).toEqual(['GROUP_REMINDER_1H', 'GROUP_REMINDER_24H', 'GROUP_JOINED']);
  });

  it('sends none for a canceled session, and follows a moved one to its new time', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, '2026-03-16', '10:00', { sessionCount: 2, repeatDays: 1 });
    const member = await patient('Taras');
    await join(ctx.app, member.token, group.id);
    const [kept, canceled] = group.sessions;
    await call(ctx.app, { method: 'DELETE', url: `/api/psychologist/group-sessions/${canceled.id}`, token: psy.token });
    const moved = await call(ctx.app, {
      method: 'PUT',
      url: `/api/psychologist/group-sessions/${kept.id}`,
      token: psy.token,
      payload: { startsAt: platformInstant('2026-03-18', '10:00').toISOString() },
    });
    expect(moved.status).toBe(200);
    await sweepAt('2026-03-15 10:00');
    await sweepAt('2026-03-16 10:00');
    expect(await kindsOf(member)).toEqual(['GROUP_SESSION_MOVED', 'GROUP_SESSION_CANCELED', 'GROUP_JOINED']);
    await sweepAt('2026-03-17 10:00');
    ctx.setNow(TEST_NOW);
    expect((await kindsOf(member))[0]).toBe('GROUP_REMINDER_24H');
  });
});

describe('GET /api/group-sessions/:id/calendar.ics', () => {
  it('serves a session’s invite to its psychologist and members, and 404 to anyone else', async () => {
    const group = await createGroup(ctx.app, doctor.token, '2026-05-04', '16:00', { sessionCount: 1 });
    const member = await patient('Marko');
    const leaver = await patient('Nadia');
    const stranger = await patient('Oksana');
    await join(ctx.app, member.token, group.id);
    await join(ctx.app, leaver.token, group.id);
    await leave(ctx.app, leaver.token, group.id);
    const url = `/api/group-sessions/${group.sessions[0].id}/calendar.ics`;
    for (const u of [doctor, member]) {
      const res = await call(ctx.app, { method: 'GET', url, token: u.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      expect(res.headers['content-disposition']).toBe(`attachment; filename=rozmova-group-session-${group.sessions[0].id}.ics`);
      const event = new ICAL.Component(ICAL.parse(res.raw.body)).getFirstSubcomponent('vevent') as ICAL.Component;
      expect(event.getFirstPropertyValue('uid')).toBe(uid(group.sessions[0].id));
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(platformInstant('2026-05-04', '16:00'));
    }
    for (const u of [leaver, stranger]) expect((await call(ctx.app, { method: 'GET', url, token: u.token })).status).toBe(404);
  });
});
