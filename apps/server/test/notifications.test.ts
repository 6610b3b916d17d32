import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema/index.js';
import { MAIL_QUEUE, queueDueReminders } from '../src/modules/notifications/service.js';
import { addSlots, insertAppointment, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import type { CaughtMail } from './mail-catcher.js';

let ctx: TestContext;
let doctor: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  doctor = await createPsychologist(ctx.app, { firstName: 'Olena', lastName: 'Kovalenko' });
  // TEST_NOW is Wednesday 2026-03-11 10:20 in Kyiv.
  await addSlots(ctx.app, doctor.id, 'THURSDAY', ['15:00', '16:00'], ['17:00', '18:00']);
  await addSlots(ctx.app, doctor.id, 'WEDNESDAY', ['20:00', '21:00']);
  await addSlots(ctx.app, doctor.id, 'FRIDAY', ['15:00', '16:00']);
});
afterAll(() => ctx?.close());
// Tokens last a week: a test that moves the clock far ahead puts it back for the next.
afterEach(() => ctx.setNow(TEST_NOW));

/** A new patient; `uk` reads Ukrainian on New York's clock. */
async function patient(opts: { uk?: boolean } = {}) {
  const p = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Shevchenko' });
  if (opts.uk) await ctx.app.db.update(users).set({ locale: 'uk', timeZone: 'America/New_York' }).where(eq(users.id, p.id));
  return p;
}

const slot = (date: string, startTime: string, endTime: string) => ({ psychologistId: doctor.id, date, startTime, endTime });

/** Books the psychologist's slot starting at a date and time of Kyiv, whatever the patient's own zone. */
async function booked(p: TestUser, date: string, start: string) {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/patient/appointments',
    token: p.token,
    payload: { psychologistId: doctor.id, startsAt: platformInstant(date, start).toISOString() },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; videoCallRoomId: string };
}

const mailsTo = (u: TestUser) => ctx.mail.mailsTo(u.email);
/** The newest mail to the user, waiting until they have `count`. */
const nth = async (u: TestUser, count: number): Promise<CaughtMail> => (await ctx.mail.waitForMails(u.email, count))[count - 1];

/** An ORGANIZER or ATTENDEE as ical.js reads it. */
const party = (p: ICAL.Property | null) =>
  p && {
    address: String(p.getFirstValue()).toLowerCase(),
    cn: p.getParameter('cn'),
    rsvp: p.getParameter('rsvp') ?? null,
    sentBy: p.getParameter('sent-by') ?? null,
  };

/** The invite attached to a mail, read by an independent parser. */
function inviteOf(mail: CaughtMail) {
  const ics = mail.attachments.find((a: CaughtMail['attachments'][number]) => a.filename.endsWith('.ics'));
  if (!ics) throw new Error(`no invite in "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(ics.content));
  const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
  const utc = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    contentType: ics.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: utc('dtstart'),
    end: utc('dtend'),
    startIsUtc: (event.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid === 'UTC',
    location: event.getFirstPropertyValue('location'),
    description: event.getFirstPropertyValue('description'),
    summary: event.getFirstPropertyValue('summary'),
    dtstamp: utc('dtstamp'),
    organizer: party(event.getFirstProperty('organizer')),
    attendees: event.getAllProperties('attendee').map(party),
  };
}

const list = async (u: TestUser, query = '') => {
  const res = await call(ctx.app, { method: 'GET', url: `/api/notifications${query}`, token: u.token });
  expect(res.status).toBe(200);
  return res.body as {
    content: { id: number; kind: string; title: string; text: string; read: boolean; appointmentId: number | null }[];
    unread: number;
    totalPages: number;
    last: boolean;
  };
};

/** Waits until no notification mail waits any more (sent or skipped). */
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

describe('mails about changes', () => {
  it('shows markup in a name as text in the HTML of a mail, never as markup', async () => {
    const own = await createPsychologist(ctx.app);
    await addSlots(ctx.app, own.id, 'FRIDAY', ['15:00', '16:00']);
    const firstName = '<img src=x onerror="alert(1)">';
    const lastName = "O'Hara & <b>Co</b>";
    const hostile = await createPatient(ctx.app, { firstName, lastName });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/appointments',
      token: hostile.token,
      payload: { psychologistId: own.id, startsAt: platformInstant('2026-04-10', '15:00').toISOString() },
    });
    expect(res.status).toBe(201);
    const [mail] = await ctx.mail.waitForMails(own.email, 1);
    expect(mail.text).toContain(`${firstName} ${lastName} booked a session`);
    expect(mail.html).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#39;Hara &amp; &lt;b&gt;Co&lt;/b&gt; booked a session',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
  });

  it('mails both participants of a booking, each in their language and on their clock, with a calendar invite', async () => {
    const p = await patient({ uk: true });
    const a = await booked(p, '2026-03-12', '15:00');

    const toPatient = await nth(p, 1);
    expect(toPatient.subject).toBe('Сесію заброньовано');
    // 15:00 in Kyiv on 12 March is 09:00 in New York (already on summer time there).
    expect(toPatient.text).toContain('четвер, 12 березня 2026 р., 09:00–10:00 GMT-4 (America/New_York)');
    expect(toPatient.text).toContain('Психолог: Olena Kovalenko');
    expect(toPatient.text).toContain(`/video-chat-room?room=${a.videoCallRoomId}`);
    expect(toPatient.html).toContain('<p>Вашу сесію заброньовано: четвер, 12 березня 2026 р., 09:00–10:00');
    expect(toPatient.messageId).toMatch(/^<notification-\d+@localhost>$/);

    const toDoctor = await nth(doctor, 1);
    expect(toDoctor.subject).toBe('New session booked');
    expect(toDoctor.text).toContain(
      'Petro Shevchenko booked a session with you on Thursday, 12 March 2026, 15:00–16:00 EET (Europe/Kyiv).',
    );

    for (const mail of [toPatient, toDoctor]) {
      const invite = inviteOf(mail);
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: `appointment-${a.id}@localhost`,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-03-12T13:00:00.000Z',
        end: '2026-03-12T14:00:00.000Z',
        startIsUtc: true,
      });
      expect(invite.contentType).toContain('text/calendar');
      expect(invite.location).toBe(`http://localhost:3000/video-chat-room?room=${a.videoCallRoomId}`);
      expect(invite.description).toContain(invite.location);
    }
  });

  it('tells the psychologist the old and new time of a move, confirms it to the patient, and updates the invite', async () => {
    const p = await patient();
    const before = mailsTo(doctor).length;
    const a = await booked(p, '2026-03-12', '17:00');
    await nth(doctor, before + 1);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/patient/appointments/${a.id}/reschedule`,
      token: p.token,
      payload: slot('2026-03-13', '15:00', '16:00'),
    });
    expect(res.status).toBe(200);

    const toDoctor = await nth(doctor, before + 2);
    expect(toDoctor.subject).toBe('Session moved');
    expect(toDoctor.text).toContain(
      'Petro Shevchenko moved their session from Thursday, 12 March 2026, 17:00–18:00 EET (Europe/Kyiv) to Friday, 13 March 2026, 15:00–16:00 EET (Europe/Kyiv).',
    );
    const toPatient = await nth(p, 2);
    expect(toPatient.subject).toBe('Your session is moved');
    for (const mail of [toDoctor, toPatient]) {
      expect(inviteOf(mail)).toMatchObject({
        method: 'REQUEST',
        uid: `appointment-${a.id}@localhost`,
        sequence: 1,
        start: '2026-03-13T13:00:00.000Z',
      });
    }

    // Canceled by the patient: the psychologist hears who and why; the invite cancels the same event.
    const canceled = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/patient/appointments/${a.id}`,
      token: p.token,
      payload: { reason: 'A family matter' },
    });
    expect(canceled.status).toBe(200);
    const cancelMail = await nth(doctor, before + 3);
    expect(cancelMail.subject).toBe('Session canceled');
    expect(cancelMail.text).toContain('Petro Shevchenko canceled your session on Friday, 13 March 2026, 15:00–16:00 EET');
    expect(cancelMail.text).toContain('Reason: A family matter');
    expect(inviteOf(cancelMail)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      sequence: 2,
      uid: `appointment-${a.id}@localhost`,
    });
    // The patient, who canceled, has the booking's invite in their calendar: the cancellation takes it out.
    const toPatientCancel = await nth(p, 3);
    expect(toPatientCancel.subject).toBe('Session canceled');
    expect(toPatientCancel.text).toContain('You canceled your session with Olena Kovalenko on Friday, 13 March 2026');
    const patientCancel = inviteOf(toPatientCancel);
    expect(patientCancel).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      sequence: 2,
      uid: `appointment-${a.id}@localhost`,
    });
    // Both name the psychologist as organizer at the platform's address, and the reader as the one attendee.
    const organizer = { address: 'mailto:no-reply@localhost', cn: 'Olena Kovalenko', rsvp: null, sentBy: null };
    expect(patientCancel.organizer).toEqual(organizer);
    expect(patientCancel.attendees).toEqual([
      { address: `mailto:${p.email}`, cn: 'Petro Shevchenko', rsvp: 'FALSE', sentBy: null },
    ]);
    expect(inviteOf(cancelMail).organizer).toEqual(organizer);
    expect(inviteOf(cancelMail).attendees).toEqual([
      { address: `mailto:${doctor.email}`, cn: 'Olena Kovalenko', rsvp: 'FALSE', sentBy: null },
    ]);
    // Stamped on the app's clock, not the machine's.
    expect(patientCancel.dtstamp).toBe(
      ctx.app.clock
        .instant()
        .toISOString()
        .replace(/\.\d+Z$/, '.000Z'),
    );
    // In the bell it is news of their own doing: already read.
    expect((await list(p)).content[0]).toMatchObject({ kind: 'CANCELED', read: true });
  });

  it('mails the patient when the psychologist cancels, and both when an admin does', async () => {
    const p1 = await patient();
    const a1 = await booked(p1, '2026-03-19', '15:00');
    await call(ctx.app, {
      method: 'DELETE',
      url: `/api/doctor/appointments/${a1.id}`,
      token: doctor.token,
      payload: { reason: 'Ill' },
    });
    const toP1 = await nth(p1, 2);
    expect(toP1.subject).toBe('Session canceled');
    expect(toP1.text).toContain('Olena Kovalenko canceled your session on Thursday, 19 March 2026');
    expect(toP1.text).toContain('You can book another time in Rozmova');
    // The psychologist, who canceled, gets the cancellation for their calendar too.
    await allMailSettled();
    expect(inviteOf(mailsTo(doctor).at(-1) as CaughtMail)).toMatchObject({
      method: 'CANCEL',
      uid: `appointment-${a1.id}@localhost`,
    });

    const p2 = await patient({ uk: true });
    const before = mailsTo(doctor).length;
    const a2 = await booked(p2, '2026-03-19', '17:00');
    await nth(doctor, before + 1);
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/appointments/${a2.id}`,
      token: admin.token,
      payload: { reason: 'Platform maintenance' },
    });
    expect(res.status).toBe(200);
    const toP2 = await nth(p2, 2);
    expect(toP2.subject).toBe('Сесію скасовано');
    expect(toP2.text).toContain('Її скасувала адміністрація Rozmova. Психолог: Olena Kovalenko.');
    expect(toP2.text).toContain('Причина: Platform maintenance');
    const toDoctor = await nth(doctor, before + 2);
    expect(toDoctor.text).toContain('The Rozmova administrators canceled your session with Petro Shevchenko');
    expect(inviteOf(toDoctor).method).toBe('CANCEL');
  });

  it('gently tells a patient who missed a session how to book again', async () => {
    const p = await patient();
    const now = ctx.app.clock.instant().getTime();
    const a = await insertAppointment(ctx.app, {
      psychologistId: doctor.id,
      patientId: p.id,
      span: { startsAt: new Date(now - 70 * 60_000), endsAt: new Date(now - 10 * 60_000) },
    });
    const res = await call(ctx.app, { method: 'PUT', url: `/api/doctor/appointments/${a.id}/no-show`, token: doctor.token });
    expect(res.status).toBe(200);
    const mail = await nth(p, 1);
    expect(mail.subject).toBe('We missed you at your session');
    expect(mail.text).toContain('That can happen to anyone.');
    expect(mail.text).toContain('you can book a new time in Rozmova');
    expect(mail.attachments).toEqual([]);
  });
});

describe('reminders', () => {
  /** Runs the sweep (the job the queue runs every minute) at a moment of Kyiv; twice, as two processes might. */
  async function sweepAt(wallClock: string) {
    ctx.setNow(wallClock);
    await Promise.all([queueDueReminders(ctx.app.context), queueDueReminders(ctx.app.context)]);
  }
  /** The kinds of the patient's notifications about an appointment, newest first (read back at the test's start). */
  async function kindsOf(p: TestUser, appointmentId: number) {
    ctx.setNow(TEST_NOW);
    return (await list(p)).content.filter((n) => n.appointmentId === appointmentId).map((n) => n.kind);
  }
  const remindersOf = (u: TestUser) =>
    mailsTo(u).filter((m) => ['Your session is tomorrow', 'Your session starts in an hour'].includes(m.subject));

  it('reminds both 24 hours and 1 hour before, once each, following the session as it is', async () => {
    const p = await patient();
    const kept = await booked(p, '2026-03-20', '15:00');
    const moved = await booked(p, '2026-03-26', '17:00');
    const canceled = await booked(p, '2026-03-26', '15:00');
    await call(ctx.app, { method: 'DELETE', url: `/api/patient/appointments/${canceled.id}`, token: p.token, payload: {} });
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/patient/appointments/${moved.id}/reschedule`,
      token: p.token,
      payload: { psychologistId: doctor.id, startsAt: platformInstant('2026-04-02', '17:00').toISOString() },
    });
    expect(res.status).toBe(200);

    await sweepAt('2026-03-19 14:59');
    expect(await kindsOf(p, kept.id)).toEqual(['BOOKED']);
    await sweepAt('2026-03-19 15:00');
    await sweepAt('2026-03-19 15:01');
    expect(await kindsOf(p, kept.id)).toEqual(['REMINDER_24H', 'BOOKED']);
    await sweepAt('2026-03-20 14:00');
    expect(await kindsOf(p, kept.id)).toEqual(['REMINDER_1H', 'REMINDER_24H', 'BOOKED']);
    await allMailSettled();
    expect(remindersOf(p).map((m) => m.subject)).toEqual(['Your session is tomorrow', 'Your session starts in an hour']);
    expect(remindersOf(p)[0].text).toContain(
      'A reminder: your session with Olena Kovalenko is on Friday, 20 March 2026, 15:00–16:00',
    );
    expect(remindersOf(doctor).filter((m) => m.text.includes('20 March 2026, 15:00'))).toHaveLength(2);

    // The canceled session never gets one (only the patient's own cancel); the moved one none at its old time, its own at the new.
    await sweepAt('2026-03-25 15:00');
    await sweepAt('2026-03-25 17:00');
    expect(await kindsOf(p, canceled.id)).toEqual(['CANCELED', 'BOOKED']);
    expect(await kindsOf(p, moved.id)).toEqual(['RESCHEDULED', 'BOOKED']);
    await sweepAt('2026-04-01 17:00');
    expect(await kindsOf(p, moved.id)).toEqual(['REMINDER_24H', 'RESCHEDULED', 'BOOKED']);
    await allMailSettled();
    expect(remindersOf(p).at(-1)?.text).toContain('Thursday, 2 April 2026, 17:00–18:00');
  });

  it('skips the 24-hour reminder of a session booked less than a day ahead, and sends the 1-hour one', async () => {
    const p = await patient();
    const a = await booked(p, '2026-03-11', '20:00');
    await sweepAt('2026-03-11 18:59');
    expect(await kindsOf(p, a.id)).toEqual(['BOOKED']);
    await sweepAt('2026-03-11 19:00');
    expect(await kindsOf(p, a.id)).toEqual(['REMINDER_1H', 'BOOKED']);
  });

  it('sends no reminder recorded before its session was canceled, should the mail still wait then', async () => {
    const p = await patient();
    const a = await booked(p, '2026-03-27', '15:00');
    await nth(p, 1);
    const reminders = () =>
      ctx.app.db
        .select({ mail: notifications.mail })
        .from(notifications)
        .where(and(eq(notifications.appointmentId, a.id), eq(notifications.kind, 'REMINDER_24H')));
    ctx.mail.setDown(true);
    try {
      await sweepAt('2026-03-26 15:00');
      ctx.setNow(TEST_NOW);
      const res = await call(ctx.app, {
        method: 'DELETE',
        url: `/api/doctor/appointments/${a.id}`,
        token: doctor.token,
        payload: { reason: 'Ill' },
      });
      expect(res.status).toBe(200);
      // The mail server stays down until the queue has tried the reminders again and dropped them: a try that began
      // before the cancel fails on the server being down rather than racing it.
      for (let waited = 0; (await reminders()).some((r) => r.mail !== 'SKIPPED'); waited += 50) {
        if (waited > 15_000) throw new Error(`the reminders are ${JSON.stringify(await reminders())}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      ctx.mail.setDown(false);
    }
    expect(await reminders()).toEqual([{ mail: 'SKIPPED' }, { mail: 'SKIPPED' }]);
    await ctx.mail.waitForMails(p.email, 2, 20_000);
    await allMailSettled();
    expect(mailsTo(p).map((m) => m.subject)).toEqual(['Your session is booked', 'Session canceled']);
  });
});

describe('mail preferences', () => {
  it('answers and saves both switches; a switched-off reminder still shows in the app but sends no mail', async () => {
    const p = await patient();
    const url = '/api/user/notification-preferences';
    expect((await call(ctx.app, { method: 'GET', url, token: p.token })).body).toEqual({
      reminderMails: true,
      changeMails: true,
    });
    const bad = await call(ctx.app, { method: 'PUT', url, token: p.token, payload: { reminderMails: 'no' } });
    expect(bad.status).toBe(400);
    const saved = await call(ctx.app, {
      method: 'PUT',
      url,
      token: p.token,
      payload: { reminderMails: false, changeMails: true },
    });
    expect(saved.body).toEqual({ reminderMails: false, changeMails: true });
    expect((await call(ctx.app, { method: 'GET', url, token: p.token })).body).toEqual({
      reminderMails: false,
      changeMails: true,
    });
    expect((await call(ctx.app, { method: 'GET', url })).status).toBe(401);

    await booked(p, '2026-03-18', '20:00');
    await nth(p, 1);
    ctx.setNow('2026-03-18 19:30');
    await queueDueReminders(ctx.app.context);
    await allMailSettled();
    ctx.setNow(TEST_NOW);
    expect((await list(p)).content[0].kind).toBe('REMINDER_1H');
    expect(mailsTo(p).map((m) => m.subject)).toEqual(['Your session is booked']);
  });
});

describe('the bell', () => {
  it('lists the reader’s notifications newest first in their language, counts the unread and marks them read', async () => {
    const p = await patient({ uk: true });
    await booked(p, '2026-04-03', '15:00');
    const other = await patient();
    const first = await list(p);
    expect(first.unread).toBe(1);
    expect(first.content[0]).toMatchObject({ kind: 'BOOKED', read: false, title: 'Сесію заброньовано' });
    expect(first.content[0].text).toContain('(America/New_York)');

    const notMine = await call(ctx.app, {
      method: 'PUT',
      url: `/api/notifications/${first.content[0].id}/read`,
      token: other.token,
    });
    expect(notMine.status).toBe(404);
    const read = await call(ctx.app, { method: 'PUT', url: `/api/notifications/${first.content[0].id}/read`, token: p.token });
    expect(read.body).toEqual({ unread: 0 });
    expect((await list(p)).content[0].read).toBe(true);

    const page = await list(doctor, '?page=0&size=2');
    expect(page.content).toHaveLength(2);
    expect(page.last).toBe(false);
    expect(page.unread).toBeGreaterThan(2);
    const all = await call(ctx.app, { method: 'PUT', url: '/api/notifications/read-all', token: doctor.token });
    expect(all.body).toEqual({ unread: 0 });
    expect((await list(doctor)).unread).toBe(0);
    expect((await call(ctx.app, { method: 'GET', url: '/api/notifications?size=51', token: p.token })).status).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/notifications' })).status).toBe(401);
  });
});

describe('messages from a psychologist', () => {
  const send = (from: TestUser, patientId: number, message: unknown) =>
    call(ctx.app, {
      method: 'POST',
      url: `/api/doctor/patients/${patientId}/notifications`,
      token: from.token,
      payload: { message },
    });

  it('reaches a patient they treat in the list and by mail, and no one else', async () => {
    const p = await patient();
    await insertAppointment(ctx.app, {
      psychologistId: doctor.id,
      patientId: p.id,
      date: '2026-03-02',
      start: '10:00',
      end: '11:00',
    });
    const res = await send(doctor, p.id, 'Please bring your sleep diary next time.');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const [item] = (await list(p)).content;
    expect(item).toMatchObject({
      kind: 'MESSAGE',
      title: 'A message from Olena Kovalenko',
      text: 'Please bring your sleep diary next time.',
      appointmentId: null,
    });
    const mail = await nth(p, 1);
    expect(mail.text).toContain('Please bring your sleep diary next time.');
    expect(mail.text).toContain('please bring it to your next session');
    // Stored sealed, like notes.
    const [row] = await ctx.app.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.id, res.body.id));
    expect(Buffer.from(row.message as Uint8Array).toString('utf8')).not.toContain('sleep diary');

    const stranger = await patient();
    expect((await send(doctor, stranger.id, 'Hello')).status).toBe(404);
    expect((await send(doctor, 999_999, 'Hello')).status).toBe(404);
    expect((await send(p, p.id, 'Hello')).status).toBe(403);
    expect((await send(doctor, p.id, '   ')).status).toBe(400);
    expect((await send(doctor, p.id, 'x'.repeat(1001))).status).toBe(400);
    expect((await send(doctor, p.id, 'x'.repeat(1000))).status).toBe(201);
  });

  it('allows 20 messages an hour per psychologist', async () => {
    const writer = await createPsychologist(ctx.app);
    const p = await patient();
    await insertAppointment(ctx.app, {
      psychologistId: writer.id,
      patientId: p.id,
      date: '2026-03-02',
      start: '10:00',
      end: '11:00',
    });
    ctx.setNow('2026-03-11 11:00');
    for (let i = 0; i < 20; i++) expect((await send(writer, p.id, `Note ${i}`)).status).toBe(201);
    const refused = await send(writer, p.id, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('3600');
    ctx.setNow('2026-03-11 12:00');
    expect((await send(writer, p.id, 'An hour later')).status).toBe(201);
  });
});

describe('calendar files', () => {
  it('serves an appointment’s invite to either participant and 404 to anyone else', async () => {
    const p = await patient();
    const a = await booked(p, '2026-04-02', '15:00');
    for (const who of [p, doctor]) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/appointments/${a.id}/calendar.ics`, token: who.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename=rozmova-session-${a.id}.ics`);
      const event = new ICAL.Component(ICAL.parse(res.raw.body)).getFirstSubcomponent('vevent') as ICAL.Component;
      expect(event.getFirstPropertyValue('uid')).toBe(`appointment-${a.id}@localhost`);
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(platformInstant('2026-04-02', '15:00'));
    }
    const stranger = await patient();
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/appointments/${a.id}/calendar.ics`, token: stranger.token })).status,
    ).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: `/api/appointments/${a.id}/calendar.ics` })).status).toBe(401);
  });
});

/** Waits until the check holds, 20 s at most. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 20_000) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('delivery', () => {
  /** The mail of the user's notification about an appointment, and the states of its jobs in the queue. */
  async function mailOf(u: TestUser, appointmentId: number) {
    const [row] = await ctx.app.db
      .select({
        id: notifications.id,
        mail: notifications.mail,
        attempts: notifications.mailAttempts,
        claimedUntil: notifications.mailClaimedUntil,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), eq(notifications.appointmentId, appointmentId)));
    const jobs = (await ctx.app.db.execute(
      sql`SELECT state FROM jobs.job WHERE name = ${MAIL_QUEUE} AND (data->>'notificationId')::int = ${row.id}`,
    )) as unknown as { rows: { state: string }[] };
    return { ...row, jobs: jobs.rows.map((j) => j.state) };
  }

  it('ends a mail the server refuses for good (5xx) at its first try, and tries one refused for now (4xx) again', async () => {
    const gone = await patient();
    const busy = await patient();
    ctx.mail.refuse(gone.email, 550);
    ctx.mail.refuse(busy.email, 450);
    try {
      const a = await booked(gone, '2026-04-09', '15:00');
      const b = await booked(busy, '2026-04-09', '17:00');
      await eventually(async () => (await mailOf(gone, a.id)).mail !== 'PENDING', 'the refused mail ended');
      expect(await mailOf(gone, a.id)).toMatchObject({ mail: 'FAILED', attempts: 1, jobs: ['failed'] });
      // Its first try failed (the claim is let go) and it waits for the next, which the server takes.
      await eventually(async () => {
        const deferred = await mailOf(busy, b.id);
        return deferred.attempts === 1 && deferred.claimedUntil === null;
      }, 'the deferred mail was tried once');
      expect(await mailOf(busy, b.id)).toMatchObject({ mail: 'PENDING', jobs: [expect.stringMatching(/^(retry|active)$/)] });
      ctx.mail.refuse(busy.email, null);
      await ctx.mail.waitForMails(busy.email, 1, 20_000);
      await eventually(async () => (await mailOf(busy, b.id)).mail === 'SENT', 'the deferred mail was sent');
      expect((await mailOf(busy, b.id)).attempts).toBe(2);
      // The refused one was not tried again meanwhile, and its psychologist's mail went out.
      expect(await mailOf(gone, a.id)).toMatchObject({ mail: 'FAILED', attempts: 1, jobs: ['failed'] });
      expect(mailsTo(gone)).toHaveLength(0);
      await eventually(async () => (await mailOf(doctor, a.id)).mail === 'SENT', "the psychologist's mail was sent");
    } finally {
      ctx.mail.refuse(gone.email, null);
      ctx.mail.refuse(busy.email, null);
    }
  });

  it('keeps mails while the mail server is down, reports the backlog, and sends each once when it returns', async () => {
    ctx.mail.setDown(true);
    try {
      const p = await patient();
      await booked(p, '2026-03-25', '20:00');
      ctx.setNow('2026-03-11 10:25');
      const ready = await call(ctx.app, { method: 'GET', url: '/api/ready' });
      expect(ready.status).toBe(200);
      expect(ready.body.mail.waiting).toBeGreaterThanOrEqual(2);
      expect(ready.body.mail.oldestWaitingSeconds).toBe(300);
      // A restart meanwhile loses nothing.
      await ctx.restart();
      ctx.mail.setDown(false);
      // The failed tries have backed off meanwhile (1 s, 2 s, 4 s…), so the mail may take several seconds to come.
      await ctx.mail.waitForMails(p.email, 1, 20_000);
      await allMailSettled();
      expect((await call(ctx.app, { method: 'GET', url: '/api/ready' })).body.mail).toEqual({
        waiting: 0,
        oldestWaitingSeconds: null,
      });
      expect(mailsTo(p)).toHaveLength(1);
    } finally {
      ctx.mail.setDown(false);
    }
  });
});
