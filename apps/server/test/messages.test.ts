import { MESSAGE_MAX_CHARS, MESSAGES_PER_HOUR } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, conversations, messageAttachments, messages, notifications, users } from '../src/db/schema/index.js';
import { eraseMessagesOf, messagesOfUser } from '../src/modules/messages/service.js';
import { addSlots, dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { multipart, type Part } from './fixtures/images.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { doctorWithPatient, treat } from './records-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.setNow(TEST_NOW));

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
  call(ctx.app, { method, url, token: who.token, ...(payload && { payload }) });

/** A psychologist, a patient they treat, and the conversation the patient opened with them. */
async function pair() {
  const { doctor, patient } = await doctorWithPatient(ctx.app);
  const res = await api('POST', '/api/conversations', patient, { psychologistId: doctor.id });
  expect(res.status).toBe(201);
  return { doctor, patient, id: res.body.id as number };
}

const send = (who: TestUser, id: number, body: string) => api('POST', `/api/conversations/${id}/messages`, who, { body });

describe('starting a conversation', () => {
  it('makes one conversation per pair, found again from either side', async () => {
    const { doctor, patient, id } = await pair();
    const again = await api('POST', '/api/conversations', patient, { psychologistId: doctor.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    const fromDoctor = await api('POST', '/api/conversations', doctor, { patientId: patient.id });
    expect(fromDoctor.status).toBe(200);
    expect(fromDoctor.body).toMatchObject({ id, kind: 'DIRECT', other: { id: patient.id, role: 'PATIENT' }, canWrite: true });
    expect(again.body.other).toMatchObject({ id: doctor.id, role: 'PSYCHOLOGIST' });
    // Both sides see the crisis help of the patient's country (the platform's zone, Kyiv, without a choice).
    expect(again.body.crisis).toMatchObject({
      country: 'UA',
      resources: expect.arrayContaining([expect.objectContaining({ phone: '112' })]),
    });
    expect(fromDoctor.body.crisis).toMatchObject({ country: 'UA' });
  });

  it('refuses anyone without a treating relation, a link of cancelled sessions only, and the wrong role', async () => {
    const doctor = await createPsychologist(ctx.app);
    const stranger = await createPatient(ctx.app);
    const cancelledOnly = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: doctor.id,
      patientId: cancelledOnly.id,
      date: dateFromToday(ctx.app, 3),
      start: '10:00',
      end: '11:00',
      status: 'CANCELED',
    });
    expect((await api('POST', '/api/conversations', stranger, { psychologistId: doctor.id })).status).toBe(404);
    expect((await api('POST', '/api/conversations', cancelledOnly, { psychologistId: doctor.id })).status).toBe(404);
    expect((await api('POST', '/api/conversations', doctor, { patientId: stranger.id })).status).toBe(404);
    expect((await api('POST', '/api/conversations', stranger, { patientId: doctor.id })).status).toBe(403);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    expect((await api('POST', '/api/conversations', manager, { patientId: stranger.id })).status).toBe(403);
    expect((await api('GET', '/api/conversations', admin)).status).toBe(403);
    const bad = await api('POST', '/api/conversations', stranger, { psychologistId: doctor.id, patientId: stranger.id });
    expect(bad.status).toBe(400);
    expect(await ctx.app.db.select().from(conversations).where(eq(conversations.psychologistId, doctor.id))).toEqual([]);
  });
});

describe('messages', () => {
  it('go both ways with read state on each side and unread counts', async () => {
    const { doctor, patient, id } = await pair();
    expect((await send(patient, id, 'Can we move Thursday? https://example.org/form')).status).toBe(201);
    ctx.setNow('2026-03-11 10:25');
    expect((await send(patient, id, 'I am running late')).status).toBe(201);

    const list = await api('GET', '/api/conversations', doctor);
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(2);
    expect(list.body.content).toEqual([
      expect.objectContaining({ id, unread: 2, other: expect.objectContaining({ id: patient.id }) }),
    ]);
    expect((await api('GET', '/api/conversations/unread', doctor)).body).toEqual({ unread: 2 });
    expect((await api('GET', '/api/conversations/unread', patient)).body).toEqual({ unread: 0 });

    const thread = await api('GET', `/api/conversations/${id}/messages`, doctor);
    expect(thread.body.content.map((m: { body: string }) => m.body)).toEqual([
      'I am running late',
      'Can we move Thursday? https://example.org/form',
    ]);
    expect(thread.body.content[0]).toMatchObject({ mine: false, senderId: patient.id });
    const mineBefore = await api('GET', `/api/conversations/${id}/messages`, patient);
    expect(mineBefore.body.content.every((m: { readByOther: boolean; mine: boolean }) => m.mine && !m.readByOther)).toBe(true);

    expect((await api('PUT', `/api/conversations/${id}/read`, doctor)).body).toEqual({ unread: 0 });
    const mineAfter = await api('GET', `/api/conversations/${id}/messages`, patient);
    expect(mineAfter.body.content.every((m: { readByOther: boolean }) => m.readByOther)).toBe(true);

    expect((await send(doctor, id, 'Yes, Friday works')).status).toBe(201);
    expect((await api('GET', '/api/conversations/unread', patient)).body).toEqual({ unread: 1 });
    expect((await api('GET', '/api/conversations/unread', doctor)).body).toEqual({ unread: 0 });
  });

  it('count unread per conversation and in all of them', async () => {
    const first = await pair();
    const second = await createPsychologist(ctx.app);
    await treat(ctx.app, second.id, first.patient.id);
    const other = (await api('POST', '/api/conversations', second, { patientId: first.patient.id })).body.id;
    for (const n of [1, 2, 3]) expect((await send(first.doctor, first.id, `a${n}`)).status).toBe(201);
    expect((await send(second, other, 'b1')).status).toBe(201);
    const list = await api('GET', '/api/conversations', first.patient);
    expect(list.body.unread).toBe(4);
    expect(Object.fromEntries(list.body.content.map((c: { id: number; unread: number }) => [c.id, c.unread]))).toEqual({
      [first.id]: 3,
      [other]: 1,
    });
    expect((await api('PUT', `/api/conversations/${other}/read`, first.patient)).body).toEqual({ unread: 3 });
  });

  it('page newest first through `before`', async () => {
    const { patient, id } = await pair();
    for (const n of [1, 2, 3, 4, 5]) expect((await send(patient, id, `message ${n}`)).status).toBe(201);
    const first = await api('GET', `/api/conversations/${id}/messages?size=2`, patient);
    expect(first.body.content.map((m: { body: string }) => m.body)).toEqual(['message 5', 'message 4']);
    expect(first.body.last).toBe(false);
    const older = await api('GET', `/api/conversations/${id}/messages?size=3&before=${first.body.content[1].id}`, patient);
    expect(older.body.content.map((m: { body: string }) => m.body)).toEqual(['message 3', 'message 2', 'message 1']);
    expect(older.body.last).toBe(true);
  });

  it('are stored encrypted', async () => {
    const { patient, id } = await pair();
    const text = `A secret sentence ${Date.now()}`;
    expect((await send(patient, id, text)).status).toBe(201);
    const [row] = await ctx.app.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(Buffer.from(row.body).toString('utf8')).not.toContain('secret');
    expect(Buffer.from(row.body).toString('latin1')).not.toContain('secret');
    const exported = await messagesOfUser(ctx.app.context, patient.id);
    expect(exported).toEqual([expect.objectContaining({ conversationId: id, body: text, sentByUser: true })]);
  });

  it('refuse strangers (404), other roles (403), and bad input (400)', async () => {
    const { patient, id } = await pair();
    const otherDoctor = await createPsychologist(ctx.app);
    const otherPatient = await createPatient(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    for (const stranger of [otherDoctor, otherPatient]) {
      expect((await api('GET', `/api/conversations/${id}`, stranger)).status).toBe(404);
      expect((await api('GET', `/api/conversations/${id}/messages`, stranger)).status).toBe(404);
      expect((await send(stranger, id, 'hello')).status).toBe(404);
      expect((await api('PUT', `/api/conversations/${id}/read`, stranger)).status).toBe(404);
    }
    for (const staff of [manager, admin]) {
      expect((await api('GET', `/api/conversations/${id}/messages`, staff)).status).toBe(403);
      expect((await send(staff, id, 'hello')).status).toBe(403);
    }
    expect((await api('GET', '/api/conversations/999999/messages', patient)).status).toBe(404);
    const long = await send(patient, id, 'x'.repeat(MESSAGE_MAX_CHARS + 1));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ field: 'body.body' })] });
    expect((await send(patient, id, 'x'.repeat(MESSAGE_MAX_CHARS))).status).toBe(201);
    expect((await send(patient, id, ' \u200b ')).status).toBe(400);
    expect((await api('GET', `/api/conversations/${id}/messages?size=1000`, patient)).status).toBe(400);
    expect(await ctx.app.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it(`allow ${MESSAGES_PER_HOUR} an hour per sender`, async () => {
    const { patient, id } = await pair();
    for (let n = 0; n < MESSAGES_PER_HOUR; n++) expect((await send(patient, id, `m${n}`)).status).toBe(201);
    const over = await send(patient, id, 'one more');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    ctx.setNow('2026-03-11 11:21');
    expect((await send(patient, id, 'an hour later')).status).toBe(201);
  });
});

describe('a closed conversation', () => {
  it('stays readable but takes no message, and only its psychologist closes it', async () => {
    const { doctor, patient, id } = await pair();
    expect((await send(patient, id, 'before closing')).status).toBe(201);
    expect((await api('PUT', `/api/conversations/${id}/closed`, patient, { closed: true })).status).toBe(403);
    const closed = await api('PUT', `/api/conversations/${id}/closed`, doctor, { closed: true });
    expect(closed.body).toMatchObject({ closed: true, canWrite: false });
    expect((await send(patient, id, 'after closing')).status).toBe(403);
    expect((await send(doctor, id, 'after closing')).status).toBe(403);
    const thread = await api('GET', `/api/conversations/${id}/messages`, patient);
    expect(thread.body.content.map((m: { body: string }) => m.body)).toEqual(['before closing']);
    expect((await api('POST', '/api/conversations', patient, { psychologistId: doctor.id })).body).toMatchObject({
      id,
      closed: true,
    });
    await api('PUT', `/api/conversations/${id}/closed`, doctor, { closed: false });
    expect((await send(patient, id, 'reopened')).status).toBe(201);
  });
});

describe('auto-reply', () => {
  it('shows the away notice to the patient until its date', async () => {
    const { doctor, patient, id } = await pair();
    const until = new Date(ctx.app.clock.instant().getTime() + 2 * 86_400_000).toISOString();
    const set = await api('PUT', '/api/psychologist/messages/auto-reply', doctor, {
      mode: 'AWAY',
      awayUntil: until,
      text: 'Away until Monday',
    });
    expect(set.status).toBe(200);
    expect((await api('GET', `/api/conversations/${id}`, patient)).body.autoReply).toBe('Away until Monday');
    expect((await api('GET', `/api/conversations/${id}`, doctor)).body.autoReply).toBeNull();
    ctx.setNow('2026-03-14 10:21');
    expect((await api('GET', `/api/conversations/${id}`, patient)).body.autoReply).toBeNull();
    const missing = await api('PUT', '/api/psychologist/messages/auto-reply', doctor, {
      mode: 'AWAY',
      awayUntil: null,
      text: 'x',
    });
    expect(missing.status).toBe(400);
    expect(
      (await api('PUT', '/api/psychologist/messages/auto-reply', patient, { mode: 'OFF', awayUntil: null, text: '' })).status,
    ).toBe(403);
  });

  it('shows the working-hours notice outside the weekly schedule on the psychologist’s clock, and on a day off', async () => {
    const { doctor, patient, id } = await pair();
    await ctx.app.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, doctor.id));
    await addSlots(ctx.app, doctor.id, 'WEDNESDAY', ['09:00', '17:00']);
    const text = 'I answer on weekdays, 9:00–17:00.';
    await api('PUT', '/api/psychologist/messages/auto-reply', doctor, { mode: 'HOURS', awayUntil: null, text });
    const seen = async () => (await api('GET', `/api/conversations/${id}`, patient)).body.autoReply;
    // 10:20 in Kyiv is 04:20 in New York: before the psychologist's day begins.
    expect(await seen()).toBe(text);
    ctx.setNow('2026-03-11 17:00'); // 11:00 in New York
    expect(await seen()).toBeNull();
    const dayOff = await api('POST', '/api/psychologist/schedule/exceptions', doctor, {
      kind: 'BLOCK',
      startDate: '2026-03-11',
      endDate: '2026-03-11',
      confirm: true,
    });
    expect(dayOff.status).toBe(201);
    expect(await seen()).toBe(text);
  });
});

describe('news of a message', () => {
  const bellOf = async (who: TestUser) =>
    (await api('GET', '/api/notifications', who)).body.content.filter((n: { kind: string }) => n.kind === 'MESSAGE');

  it('is one bell item and one mail in the reader’s language, without the text, until the reader reads', async () => {
    const { doctor, patient, id } = await pair();
    await ctx.app.db.update(users).set({ locale: 'uk' }).where(eq(users.id, patient.id));
    expect((await send(doctor, id, 'Private words one')).status).toBe(201);
    expect((await send(doctor, id, 'Private words two')).status).toBe(201);
    const bell = await bellOf(patient);
    expect(bell).toEqual([expect.objectContaining({ conversationId: id, read: false })]);
    expect(JSON.stringify(bell)).not.toContain('Private words');
    const [mail] = await ctx.mail.waitForMails(patient.email, 1);
    expect(mail.subject).toContain('Нове повідомлення');
    expect(mail.text).toContain(`/messages/${id}`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Private words');

    await api('PUT', `/api/conversations/${id}/read`, patient);
    expect((await send(doctor, id, 'Private words three')).status).toBe(201);
    expect(await bellOf(patient)).toHaveLength(2);
    await ctx.mail.waitForMails(patient.email, 2);
  });

  it('reaches a psychologist in the bell, and by mail only while their mails about changes are on', async () => {
    const { doctor, patient, id } = await pair();
    await api('PUT', '/api/user/notification-preferences', doctor, { reminderMails: true, changeMails: false });
    expect((await send(patient, id, 'Can we move Thursday?')).status).toBe(201);
    expect(await bellOf(doctor)).toEqual([expect.objectContaining({ conversationId: id })]);
    const state = async () =>
      (await ctx.app.db.select({ mail: notifications.mail }).from(notifications).where(eq(notifications.userId, doctor.id)))[0]
        ?.mail;
    await vi.waitFor(async () => expect(await state()).toBe('SKIPPED'), { timeout: 10_000, interval: 50 });
    expect(ctx.mail.mailsTo(doctor.email)).toEqual([]);
  });
});

describe('attachments', () => {
  const attach = (who: TestUser, id: number, parts: Part[]) =>
    call(ctx.app, { method: 'POST', url: `/api/conversations/${id}/attachments`, token: who.token, ...multipart(parts) });
  const form = (data: Buffer, body = 'Here is the form') => [
    { name: 'body', data: body },
    { name: 'file', data, filename: 'intake-form.pdf', contentType: 'application/pdf' },
  ];

  it('carry a checked PDF both ways, sealed at rest, to the two sides only', async () => {
    const { doctor, patient, id } = await pair();
    const sent = await attach(doctor, id, form(pdf('Intake form')));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Here is the form',
      attachments: [{ fileName: 'intake-form.pdf', contentType: 'application/pdf' }],
    });
    const fileId = sent.body.attachments[0].id;
    const thread = await api('GET', `/api/conversations/${id}/messages`, patient);
    expect(thread.body.content[0].attachments).toEqual([expect.objectContaining({ id: fileId, fileName: 'intake-form.pdf' })]);
    const file = await api('GET', `/api/conversations/${id}/attachments/${fileId}`, patient);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await ctx.app.db.select().from(messageAttachments).where(eq(messageAttachments.id, fileId));
    expect(Buffer.from(row.content).includes('%PDF')).toBe(false);

    const back = await attach(patient, id, form(pdf('Filled in'), ''));
    expect(back.status).toBe(201);
    expect(back.body.body).toBe('');
    const stranger = await createPatient(ctx.app);
    expect((await api('GET', `/api/conversations/${id}/attachments/${fileId}`, stranger)).status).toBe(404);
    expect((await attach(stranger, id, form(pdf()))).status).toBe(404);
    const other = await pair();
    expect((await api('GET', `/api/conversations/${other.id}/attachments/${fileId}`, other.patient)).status).toBe(404);
  });

  it('refuse other types, a missing file and an over-long text', async () => {
    const { patient, id } = await pair();
    const text = await attach(patient, id, [
      { name: 'file', data: Buffer.from('plain words'), filename: 'a.txt', contentType: 'text/plain' },
    ]);
    expect(text.status).toBe(415);
    expect((await attach(patient, id, [{ name: 'body', data: 'no file' }])).status).toBe(400);
    expect((await attach(patient, id, form(pdf(), 'x'.repeat(MESSAGE_MAX_CHARS + 1)))).status).toBe(400);
    expect(await ctx.app.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, id))).toEqual([]);
  });
});

describe('an admin', () => {
  it('sees that an account’s conversations exist and their size, never a message, and each look is audited', async () => {
    const { doctor, patient, id } = await pair();
    expect((await send(patient, id, 'Something private')).status).toBe(201);
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const seen = await api('GET', `/api/admin/users/${patient.id}/conversations`, admin);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      expect.objectContaining({
        id,
        kind: 'DIRECT',
        psychologistId: doctor.id,
        patientId: patient.id,
        messages: 1,
        attachments: 0,
      }),
    ]);
    expect(seen.body[0].bytes).toBeGreaterThan(0);
    expect(JSON.stringify(seen.body)).not.toContain('private');
    const trail = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, admin.id));
    expect(trail).toEqual([expect.objectContaining({ action: 'CONVERSATIONS_READ', subjectId: patient.id })]);
    expect((await api('GET', `/api/conversations/${id}/messages`, admin)).status).toBe(403);
    expect((await api('GET', `/api/admin/users/${patient.id}/conversations`, doctor)).status).toBe(403);
  });
});

describe('keeping a conversation with the record', () => {
  it('makes a note for the psychologist of every message; only they may', async () => {
    const { doctor, patient, id } = await pair();
    expect((await send(patient, id, 'I felt <better> this week')).status).toBe(201);
    expect((await send(doctor, id, 'Good to hear')).status).toBe(201);
    const kept = await api('POST', `/api/conversations/${id}/record`, doctor);
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ patientId: patient.id, privacyLevel: 'DOCTOR_ONLY' });
    expect(kept.body.content).toContain('I felt &lt;better&gt; this week');
    expect(kept.body.content.indexOf('I felt')).toBeLessThan(kept.body.content.indexOf('Good to hear'));
    expect((await api('POST', `/api/conversations/${id}/record`, patient)).status).toBe(403);
    expect((await api('POST', `/api/conversations/${id}/record`, await createPsychologist(ctx.app))).status).toBe(404);
  });
});

describe('an account being deleted', () => {
  it('takes its conversations and its messages with it, and leaves others\u2019', async () => {
    const { doctor, patient, id } = await pair();
    const other = await pair();
    expect((await send(patient, id, 'mine')).status).toBe(201);
    expect((await send(other.patient, other.id, 'theirs')).status).toBe(201);
    await eraseMessagesOf(ctx.app.context, patient.id);
    expect(await messagesOfUser(ctx.app.context, patient.id)).toEqual([]);
    expect((await api('GET', `/api/conversations/${id}`, doctor)).status).toBe(404);
    expect(await messagesOfUser(ctx.app.context, other.patient.id)).toEqual([expect.objectContaining({ body: 'theirs' })]);
  });
});
