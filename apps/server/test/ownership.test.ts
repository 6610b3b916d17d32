import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerAssignments, passkeys, sessions } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { upsertAvatar } from '../src/modules/images/repository.js';
import { addSlots, dateFromToday, insertAppointment } from './booking-helpers.js';
import { databaseDigest } from './db-digest.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { images, multipart } from './fixtures/images.js';
import { createGroup, insertLiveSession, join as joinGroup } from './group-helpers.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { postRecord, RECORDS } from './records-helpers.js';
import { ROUTE_ACCESS } from './route-table.js';
import { ALL_EVENTS, connect, Inbox, join, pause, type SignalClient } from './signal-client.js';

/**
 * Every route that takes an id, or otherwise names someone else's object, tried by each kind of caller on objects that
 * are not theirs: each gets the route's refusal (404 "not yours to see", unless the route documents another answer)
 * and the database is exactly as it was. Each route also has a control where the caller reaches their own object and
 * succeeds, so a refusal cannot come from an id that points nowhere.
 */

let ctx: TestContext;
let base: string;

/** The people and objects of two separate practices, A and B, plus edge cases. */
type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;

async function makeWorld() {
  const app = ctx.app;
  const psyA = await createPsychologist(app);
  const psyB = await createPsychologist(app);
  const psyDisabled = await createPsychologist(app, { enabled: false });
  const psyUnverified = await createPsychologist(app, { verified: false });
  const patA = await createPatient(app);
  const patB = await createPatient(app);
  const patFormer = await createPatient(app);
  const mgrA = await createUser(app, { role: 'MANAGER' });
  const mgrB = await createUser(app, { role: 'MANAGER' });
  const admin = await createUser(app, { role: 'ADMIN' });
  const admin2 = await createUser(app, { role: 'ADMIN' });
  const newcomer = await createUser(app, { role: null });

  const tomorrow = dateFromToday(app, 1);
  for (const psy of [psyA, psyB, psyDisabled, psyUnverified]) {
    await addSlots(app, psy.id, dayOfWeekOf(tomorrow), ['13:00', '14:00'], ['15:00', '16:00']);
  }
  const appt = (psychologistId: number, patientId: number, days: number, start: string, end: string, canceled = false) =>
    insertAppointment(app, {
      psychologistId,
      patientId,
      date: dateFromToday(app, days),
      start,
      end,
      ...(canceled ? { status: 'CANCELED' as const, reason: 'Ill' } : {}),
    });
  const aUp = await appt(psyA.id, patA.id, 1, '09:00', '10:00');
  const aEnded = await appt(psyA.id, patA.id, -1, '10:00', '11:00');
  const bUp = await appt(psyB.id, patB.id, 1, '11:00', '12:00');
  const bEnded = await appt(psyB.id, patB.id, -1, '12:00', '13:00');
  const bCanceled = await appt(psyB.id, patB.id, 2, '09:00', '10:00', true);
  // Past a patient's cancel notice (24 h).
  const aLater = await appt(psyA.id, patA.id, 3, '09:00', '10:00');
  const bLater = await appt(psyB.id, patB.id, 3, '11:00', '12:00');
  const aMissed = await appt(psyA.id, patA.id, -2, '10:00', '11:00');
  // In progress at TEST_NOW (10:20): its room is open.
  const aNow = await appt(psyA.id, patA.id, 0, '10:00', '11:00');
  const aToMove = await appt(psyA.id, patA.id, 4, '09:00', '10:00');

  const now = app.clock.instant();
  await app.db.insert(managerAssignments).values([
    { managerId: mgrA.id, patientId: patA.id, from: new Date(now.getTime() - 30 * 86_400_000) },
    { managerId: mgrB.id, patientId: patB.id, from: new Date(now.getTime() - 30 * 86_400_000) },
    { managerId: mgrA.id, patientId: patFormer.id, from: new Date(now.getTime() - 60 * 86_400_000), until: now },
  ]);
  for (const who of [patA, patB, patFormer, psyDisabled]) await upsertAvatar(app.db, who.id, 'image/png', images.png, now);

  const note = async (author: TestUser, patientId: number) =>
    (
      await postRecord(app, author.token, {
        content: '<p>Shared note</p>',
        privacyLevel: 'DOCTOR_PATIENT_MANAGER',
        patientId,
      })
    ).body.id as number;
  const recA = await note(psyA, patA.id);
  const recA2 = await note(psyA, patA.id);
  const recB = await note(psyB, patB.id);
  const report = async (author: TestUser, patientId: number) =>
    (
      await call(app, {
        method: 'POST',
        url: '/api/doctor/reports',
        token: author.token,
        payload: { ...reportPeriod(app), patientId, summary: '<p>Shared report</p>', privacyLevel: 'DOCTOR_PATIENT_MANAGER' },
      })
    ).body.id as number;
  const repA = await report(psyA, patA.id);
  const repB = await report(psyB, patB.id);
  const exception = async (psy: TestUser) =>
    (
      await call(app, {
        method: 'POST',
        url: '/api/psychologist/schedule/exceptions',
        token: psy.token,
        payload: { kind: 'SLOT', date: dateFromToday(app, 5), startTime: '20:00', endTime: '21:00' },
      })
    ).body.id as number;
  const exA = await exception(psyA);
  const exB = await exception(psyB);
  const message = async (psy: TestUser, patientId: number) =>
    (
      await call(app, {
        method: 'POST',
        url: `/api/doctor/patients/${patientId}/notifications`,
        token: psy.token,
        payload: { message: 'See you on Thursday' },
      })
    ).body.id as number;
  const nA = await message(psyA, patA.id);
  const nB = await message(psyB, patB.id);
  const document = async (psy: TestUser) =>
    (await call(app, { method: 'POST', url: '/api/psychologist/documents', token: psy.token, ...documentUpload(pdf()) })).body
      .id as number;
  const docA = await document(psyA);
  const docA2 = await document(psyA);
  const docB = await document(psyB);
  // Groups: A's open group (patA a member) and invite-only one, B's open group (patB a member), each program with a
  // session in progress.
  const group = (psy: TestUser, start: string, enrolment = 'OPEN') =>
    createGroup(app, psy.token, dateFromToday(app, 6), start, { enrolment });
  const gA = await group(psyA, '18:00');
  const gAInvite = await group(psyA, '20:00', 'INVITE');
  const gB = await group(psyB, '14:00');
  await joinGroup(app, patA.token, gA.id);
  await joinGroup(app, patB.token, gB.id);
  const gALive = await insertLiveSession(app, gA.id, psyA.id);
  const gBLive = await insertLiveSession(app, gB.id, psyB.id);
  // Devices and passkeys: B's signed-in session, a second device of A's to end, a passkey of each.
  const sessionOf = async (u: TestUser) =>
    (await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id)))[0].id;
  const sessB = await sessionOf(patB);
  const sessA2 = randomUUID();
  await app.db.insert(sessions).values({ id: sessA2, userId: patA.id, expiresAt: new Date(now.getTime() + 86_400_000) });
  const passkey = async (u: TestUser) =>
    (
      await app.db
        .insert(passkeys)
        .values({ userId: u.id, credentialId: randomUUID(), publicKey: Buffer.from([1, 2, 3]), name: 'Laptop' })
        .returning()
    )[0].id;
  const keyA = await passkey(psyA);
  const keyB = await passkey(psyB);
  // Conversations: A's patient with A, B's with B, each with a file from the psychologist.
  const conversation = async (patient: TestUser, psy: TestUser) => {
    const made = await call(app, {
      method: 'POST',
      url: '/api/conversations',
      token: patient.token,
      payload: { psychologistId: psy.id },
    });
    const id = made.body.id as number;
    const sent = await call(app, {
      method: 'POST',
      url: `/api/conversations/${id}/attachments`,
      token: psy.token,
      ...fileMessage(),
    });
    return { id, file: sent.body.attachments[0].id as number };
  };
  const convA = await conversation(patA, psyA);
  const convB = await conversation(patB, psyB);
  return {
    ...{ psyA, psyB, psyDisabled, psyUnverified, patA, patB, patFormer, mgrA, mgrB, admin, admin2, newcomer },
    ...{ aUp, aEnded, bUp, bEnded, bCanceled, aLater, bLater, aMissed, aNow, aToMove, recA, recA2, recB, tomorrow },
    ...{ exA, exB, nA, nB, docA, docA2, docB, repA, repB },
    ...{ gA, gAInvite, gB, gALive, gBLive },
    ...{ sessB, sessA2, keyA, keyB, convA, convB },
  };
}

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;
type Expected = { status: number; code?: string; body?: unknown };
/** One attempt: who, what they send, and the answer they must get. */
type Attempt = { as: keyof World; send: (w: World) => Request; expect: Expected };
type Entry = { refused: Attempt[]; own: Attempt[] };

const NOT_FOUND = { status: 404, code: 'NOT_FOUND' };
/** A role the route does not admit at all. */
const FORBIDDEN = { status: 403, code: 'FORBIDDEN' };
const MISSING_ID = 2_000_000_000;
const note = (patientId: number | null) => ({ content: '<p>Edited</p>', privacyLevel: 'DOCTOR_ONLY', patientId });
const get = (url: string): Request => ({ method: 'GET', url });
const reportPeriod = (app: TestContext['app']) => ({ from: dateFromToday(app, -7), to: dateFromToday(app, 0) });
const previewOf = (patientId: number) => {
  const { from, to } = reportPeriod(ctx.app);
  return get(`/api/doctor/reports/preview?patientId=${patientId}&from=${from}&to=${to}`);
};
const reportOf = (patientId: number): Request => ({
  method: 'POST',
  url: '/api/doctor/reports',
  payload: { ...reportPeriod(ctx.app), patientId, summary: '<p>Report</p>' },
});
const messageTo = (patientId: number): Request => ({
  method: 'POST',
  url: `/api/doctor/patients/${patientId}/notifications`,
  payload: { message: 'Hello' },
});

const groupEdit = (id: number): Request => ({
  method: 'PUT',
  url: `/api/psychologist/groups/${id}`,
  payload: { title: 'Renamed', description: '', capacity: 6 },
});
const addMember = (id: number, patientId: number): Request => ({
  method: 'POST',
  url: `/api/psychologist/groups/${id}/members`,
  payload: { patientId },
});
const groupMessage = (id: number): Request => ({
  method: 'POST',
  url: `/api/psychologist/groups/${id}/messages`,
  payload: { message: 'Bring a notebook' },
});
/** A session moved one day later, at the same time. */
const moveSession = (s: { id: number; startsAt: string }): Request => ({
  method: 'PUT',
  url: `/api/psychologist/group-sessions/${s.id}`,
  payload: { startsAt: new Date(Date.parse(s.startsAt) + 86_400_000).toISOString() },
});
const attendance = (sessionId: number, patientId: number): Request => ({
  method: 'PUT',
  url: `/api/psychologist/group-sessions/${sessionId}/attendance`,
  payload: [{ patientId, status: 'ATTENDED' }],
});
const groupNote = (sessionId: number): Request => ({
  method: 'PUT',
  url: `/api/psychologist/group-sessions/${sessionId}/note`,
  payload: { content: '<p>Went well</p>' },
});
const enrol = (id: number): Request => ({
  method: 'POST',
  url: `/api/patient/groups/${id}/enrolment`,
  payload: { agreementAccepted: true },
});

const fileMessage = () =>
  multipart([
    { name: 'body', data: 'The intake form' },
    { name: 'file', data: pdf('Intake form'), filename: 'intake.pdf', contentType: 'application/pdf' },
  ]);

const documentUpload = (file: Buffer) =>
  multipart([
    { name: 'kind', data: 'DIPLOMA' },
    { name: 'file', data: file, filename: 'diploma.pdf', contentType: 'application/pdf' },
  ]);

const onboarding = (extra: object) => ({
  role: 'PATIENT',
  firstName: 'New',
  lastName: 'Comer',
  birthDate: '1990-01-01',
  language: 'en',
  ...extra,
});

/**
 * The matrix. Keys are routes as route-access lists them; every route with a path id, and every route whose query
 * or body names a person or an appointment, must have an entry (see the first test).
 */
const MATRIX: Record<string, Entry> = {
  'GET /api/psychologist/profile/avatar/:id': {
    refused: [
      { as: 'patA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patFormer.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/psychologist/profile/avatar/${w.psyDisabled.id}`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'patA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patA.id}`), expect: { status: 200 } },
      { as: 'psyA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patA.id}`), expect: { status: 200 } },
      { as: 'mgrA', send: (w) => get(`/api/psychologist/profile/avatar/${w.patA.id}`), expect: { status: 200 } },
    ],
  },
  'GET /api/doctors/:id': {
    refused: [
      { as: 'patA', send: (w) => get(`/api/doctors/${w.psyDisabled.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/doctors/${w.patA.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/doctors/${w.psyUnverified.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/doctors/${w.psyUnverified.id}`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'psyA', send: (w) => get(`/api/doctors/${w.psyB.id}`), expect: { status: 200 } },
      { as: 'psyUnverified', send: (w) => get(`/api/doctors/${w.psyUnverified.id}`), expect: { status: 200 } },
      { as: 'mgrA', send: (w) => get(`/api/doctors/${w.psyUnverified.id}`), expect: { status: 200 } },
    ],
  },
  // Public: the token sent is ignored; only verified, enabled psychologists are found.
  'GET /api/public/psychologists/:id': {
    refused: [
      { as: 'patA', send: (w) => get(`/api/public/psychologists/${w.psyUnverified.id}`), expect: NOT_FOUND },
      { as: 'psyUnverified', send: (w) => get(`/api/public/psychologists/${w.psyUnverified.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/public/psychologists/${w.psyDisabled.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/public/psychologists/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'admin', send: (w) => get(`/api/public/psychologists/${w.mgrA.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'patA', send: (w) => get(`/api/public/psychologists/${w.psyB.id}`), expect: { status: 200 } }],
  },
  'GET /api/patient/doctors/info/:id': {
    refused: [
      { as: 'patA', send: (w) => get(`/api/patient/doctors/info/${w.psyDisabled.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/patient/doctors/info/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/patient/doctors/info/${w.psyUnverified.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'patA', send: (w) => get(`/api/patient/doctors/info/${w.psyB.id}`), expect: { status: 200 } }],
  },
  'GET /api/psychologist/schedule': {
    refused: [
      { as: 'psyA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyB.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyDisabled.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.patB.id}`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyUnverified.id}`), expect: NOT_FOUND },
      { as: 'admin', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.patA.id}`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'psyA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyA.id}`), expect: { status: 200 } },
      { as: 'patA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyB.id}`), expect: { status: 200 } },
      { as: 'mgrA', send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyB.id}`), expect: { status: 200 } },
      {
        as: 'admin',
        send: (w) => get(`/api/psychologist/schedule?psychologistId=${w.psyUnverified.id}`),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/doctor/patients/:id': {
    refused: [
      { as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.psyB.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.mgrA.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: () => get(`/api/doctor/patients/${MISSING_ID}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.patA.id}`), expect: { status: 200 } }],
  },
  'GET /api/doctor/patients/:id/measures': {
    refused: [
      { as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.patB.id}/measures`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.psyB.id}/measures`), expect: NOT_FOUND },
      { as: 'psyA', send: () => get(`/api/doctor/patients/${MISSING_ID}/measures`), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => get(`/api/doctor/patients/${w.patA.id}/measures`), expect: { status: 200 } }],
  },
  'POST /api/patient/doctors/search': {
    // A search names a psychologist only to narrow it: naming anyone else finds no one.
    refused: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: `/api/patient/doctors/search?psychologistId=${w.psyUnverified.id}`,
          payload: { startDate: w.tomorrow, endDate: w.tomorrow, therapyTypes: ['KPT'] },
        }),
        expect: { status: 200, body: [] },
      },
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: `/api/patient/doctors/search?psychologistId=${w.patB.id}`,
          payload: { startDate: w.tomorrow, endDate: w.tomorrow, therapyTypes: ['KPT'] },
        }),
        expect: { status: 200, body: [] },
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: `/api/patient/doctors/search?psychologistId=${w.psyB.id}`,
          payload: { startDate: w.tomorrow, endDate: w.tomorrow, therapyTypes: ['KPT'] },
        }),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/patient/appointments': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: '/api/patient/appointments',
          payload: { psychologistId: w.patB.id, date: w.tomorrow, startTime: '13:00', endTime: '14:00' },
        }),
        expect: { status: 409, code: 'SLOT_UNAVAILABLE' },
      },
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: '/api/patient/appointments',
          payload: { psychologistId: w.psyDisabled.id, date: w.tomorrow, startTime: '13:00', endTime: '14:00' },
        }),
        expect: { status: 409, code: 'SLOT_UNAVAILABLE' },
      },
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: '/api/patient/appointments',
          payload: { psychologistId: w.psyUnverified.id, date: w.tomorrow, startTime: '13:00', endTime: '14:00' },
        }),
        expect: { status: 409, code: 'PSYCHOLOGIST_UNVERIFIED' },
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: '/api/patient/appointments',
          payload: { psychologistId: w.psyB.id, date: w.tomorrow, startTime: '13:00', endTime: '14:00' },
        }),
        expect: { status: 201 },
      },
    ],
  },
  'DELETE /api/doctor/appointments/:id': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/doctor/appointments/${w.bUp.id}`, payload: { reason: 'Mine now' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/doctor/appointments/${w.aUp.id}`, payload: { reason: 'Ill' } }),
        expect: { status: 200 },
      },
    ],
  },
  'PUT /api/notifications/:id/read': {
    // Only the reader marks their own; the psychologist who wrote a message does not.
    refused: [
      { as: 'patA', send: (w) => ({ method: 'PUT', url: `/api/notifications/${w.nB}/read` }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `/api/notifications/${w.nA}/read` }), expect: NOT_FOUND },
      { as: 'admin', send: (w) => ({ method: 'PUT', url: `/api/notifications/${w.nA}/read` }), expect: NOT_FOUND },
    ],
    own: [{ as: 'patA', send: (w) => ({ method: 'PUT', url: `/api/notifications/${w.nA}/read` }), expect: { status: 200 } }],
  },
  'POST /api/doctor/patients/:id/notifications': {
    refused: [
      { as: 'psyA', send: (w) => messageTo(w.patB.id), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => messageTo(w.psyB.id), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => messageTo(w.mgrA.id), expect: NOT_FOUND },
      { as: 'psyA', send: () => messageTo(MISSING_ID), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => messageTo(w.patA.id), expect: { status: 201 } }],
  },
  'GET /api/appointments/:id/calendar.ics': {
    // Either participant; not a manager who follows the patient, nor an admin.
    refused: [
      { as: 'patA', send: (w) => get(`/api/appointments/${w.bUp.id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/appointments/${w.bUp.id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/appointments/${w.aUp.id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'admin', send: (w) => get(`/api/appointments/${w.aUp.id}/calendar.ics`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'patA', send: (w) => get(`/api/appointments/${w.aUp.id}/calendar.ics`), expect: { status: 200 } },
      { as: 'psyA', send: (w) => get(`/api/appointments/${w.aUp.id}/calendar.ics`), expect: { status: 200 } },
    ],
  },
  'GET /api/group-sessions/:id/calendar.ics': {
    // The group's psychologist and its members now; not another group's, a manager or an admin.
    refused: [
      { as: 'patA', send: (w) => get(`/api/group-sessions/${w.gB.sessions[0].id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/group-sessions/${w.gB.sessions[0].id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/group-sessions/${w.gA.sessions[0].id}/calendar.ics`), expect: NOT_FOUND },
      { as: 'admin', send: (w) => get(`/api/group-sessions/${w.gA.sessions[0].id}/calendar.ics`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'patA', send: (w) => get(`/api/group-sessions/${w.gA.sessions[0].id}/calendar.ics`), expect: { status: 200 } },
      { as: 'psyA', send: (w) => get(`/api/group-sessions/${w.gA.sessions[0].id}/calendar.ics`), expect: { status: 200 } },
    ],
  },
  'GET /api/video/group-sessions/:roomId/sfu': {
    // A group room's media path, for its psychologist and members inside the window; not another group's. Managers and
    // admins are not admitted to calls at all (403 by role).
    refused: [
      { as: 'patA', send: (w) => get(`/api/video/group-sessions/${w.gBLive.videoCallRoomId}/sfu`), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => get(`/api/video/group-sessions/${w.gBLive.videoCallRoomId}/sfu`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu`), expect: FORBIDDEN },
      { as: 'admin', send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu`), expect: FORBIDDEN },
    ],
    own: [
      { as: 'patA', send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu`), expect: { status: 200 } },
      { as: 'psyA', send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu`), expect: { status: 200 } },
    ],
  },
  'GET /api/video/group-sessions/:roomId/sfu/feeds': {
    // Whose feeds are on another group's media server is not this member's or psychologist's to ask; managers and
    // admins are not in calls. The owners' answers need a Janus: group-sfu.test.ts has them.
    refused: [
      {
        as: 'patA',
        send: (w) => get(`/api/video/group-sessions/${w.gBLive.videoCallRoomId}/sfu/feeds?ids=1`),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => get(`/api/video/group-sessions/${w.gBLive.videoCallRoomId}/sfu/feeds?ids=1`),
        expect: NOT_FOUND,
      },
      {
        as: 'mgrA',
        send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu/feeds?ids=1`),
        expect: FORBIDDEN,
      },
      {
        as: 'admin',
        send: (w) => get(`/api/video/group-sessions/${w.gALive.videoCallRoomId}/sfu/feeds?ids=1`),
        expect: FORBIDDEN,
      },
    ],
    own: [],
  },
  'DELETE /api/patient/appointments/:id': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/appointments/${w.bLater.id}`, payload: { reason: 'Not mine' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/appointments/${w.aLater.id}`, payload: { reason: 'Away' } }),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/patient/appointments/:id/reschedule': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: `/api/patient/appointments/${w.bLater.id}/reschedule`,
          payload: { psychologistId: w.psyB.id, date: w.tomorrow, startTime: '13:00', endTime: '14:00' },
        }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: `/api/patient/appointments/${w.aToMove.id}/reschedule`,
          payload: { psychologistId: w.psyA.id, date: w.tomorrow, startTime: '15:00', endTime: '16:00' },
        }),
        expect: { status: 200 },
      },
    ],
  },
  'PUT /api/doctor/appointments/:id/no-show': {
    refused: [
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `/api/doctor/appointments/${w.bEnded.id}/no-show` }), expect: NOT_FOUND },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `/api/doctor/appointments/${w.aMissed.id}/no-show` }),
        expect: { status: 200 },
      },
    ],
  },
  'PUT /api/patient/appointments/:id/review': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'PUT', url: `/api/patient/appointments/${w.bEnded.id}/review`, payload: { review: 'Bad' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'PUT', url: `/api/patient/appointments/${w.aEnded.id}/review`, payload: { review: 'Good' } }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/doctor/appointments/info': {
    refused: [
      {
        as: 'psyB',
        send: (w) => get(`/api/doctor/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
      {
        as: 'patA',
        send: (w) => get(`/api/doctor/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
      {
        as: 'mgrA',
        send: (w) => get(`/api/doctor/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => get(`/api/doctor/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/patient/appointments/info': {
    refused: [
      {
        as: 'patB',
        send: (w) => get(`/api/patient/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => get(`/api/patient/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
      {
        as: 'admin',
        send: (w) => get(`/api/patient/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => get(`/api/patient/appointments/info?videoCallRoomId=${w.aUp.videoCallRoomId}`),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/api/records': {
    refused: [
      { as: 'psyA', send: (w) => ({ method: 'POST', url: RECORDS, payload: note(w.patB.id) }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'POST', url: RECORDS, payload: note(w.psyB.id) }), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => ({ method: 'POST', url: RECORDS, payload: note(w.patA.id) }), expect: { status: 201 } }],
  },
  'PUT /api/api/records/:id': {
    refused: [
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `${RECORDS}/${w.recB}`, payload: note(w.patB.id) }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `${RECORDS}/${w.recB}`, payload: note(w.patA.id) }), expect: NOT_FOUND },
      // Their own note moved onto another psychologist's patient.
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `${RECORDS}/${w.recA}`, payload: note(w.patB.id) }), expect: NOT_FOUND },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `${RECORDS}/${w.recA}`, payload: note(w.patA.id) }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/doctor/reports/preview': {
    refused: [
      { as: 'psyA', send: (w) => previewOf(w.patB.id), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => previewOf(w.psyB.id), expect: NOT_FOUND },
      { as: 'psyA', send: () => previewOf(MISSING_ID), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => previewOf(w.patA.id), expect: { status: 200 } }],
  },
  'POST /api/doctor/reports': {
    refused: [
      { as: 'psyA', send: (w) => reportOf(w.patB.id), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => reportOf(w.mgrA.id), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => reportOf(w.patA.id), expect: { status: 201 } }],
  },
  'GET /api/reports/:id/pdf': {
    refused: [
      { as: 'psyA', send: (w) => get(`/api/reports/${w.repB}/pdf`), expect: NOT_FOUND },
      { as: 'patA', send: (w) => get(`/api/reports/${w.repB}/pdf`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/reports/${w.repB}/pdf`), expect: NOT_FOUND },
      // A note that is not a report has no PDF.
      { as: 'psyA', send: (w) => get(`/api/reports/${w.recA}/pdf`), expect: NOT_FOUND },
    ],
    own: [
      { as: 'psyA', send: (w) => get(`/api/reports/${w.repA}/pdf`), expect: { status: 200 } },
      { as: 'patA', send: (w) => get(`/api/reports/${w.repA}/pdf`), expect: { status: 200 } },
      { as: 'mgrA', send: (w) => get(`/api/reports/${w.repA}/pdf`), expect: { status: 200 } },
    ],
  },
  'DELETE /api/api/records/:id': {
    refused: [{ as: 'psyA', send: (w) => ({ method: 'DELETE', url: `${RECORDS}/${w.recB}` }), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => ({ method: 'DELETE', url: `${RECORDS}/${w.recA2}` }), expect: { status: 204 } }],
  },
  'DELETE /api/psychologist/schedule/exceptions/:id': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/schedule/exceptions/${w.exB}` }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: () => ({ method: 'DELETE', url: `/api/psychologist/schedule/exceptions/${MISSING_ID}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/schedule/exceptions/${w.exA}` }),
        expect: { status: 204 },
      },
    ],
  },
  'GET /api/manager/appointments/:patientId': {
    refused: [
      { as: 'mgrA', send: (w) => get(`/api/manager/appointments/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/appointments/${w.patFormer.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/appointments/${w.mgrB.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'mgrA', send: (w) => get(`/api/manager/appointments/${w.patA.id}`), expect: { status: 200 } }],
  },
  'GET /api/manager/doctor-reviews/:patientId': {
    refused: [
      { as: 'mgrA', send: (w) => get(`/api/manager/doctor-reviews/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/doctor-reviews/${w.patFormer.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'mgrA', send: (w) => get(`/api/manager/doctor-reviews/${w.patA.id}`), expect: { status: 200 } }],
  },
  'GET /api/manager/measures/:patientId': {
    refused: [
      { as: 'mgrA', send: (w) => get(`/api/manager/measures/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/measures/${w.patFormer.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/measures/${w.psyA.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'mgrA', send: (w) => get(`/api/manager/measures/${w.patA.id}`), expect: { status: 200 } }],
  },
  'GET /api/manager/visits/:patientId': {
    refused: [
      { as: 'mgrA', send: (w) => get(`/api/manager/visits/${w.patB.id}`), expect: NOT_FOUND },
      { as: 'mgrA', send: (w) => get(`/api/manager/visits/${w.patFormer.id}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'mgrA', send: (w) => get(`/api/manager/visits/${w.patA.id}`), expect: { status: 200 } }],
  },
  'POST /api/onboarding/email/send-code': {
    // Naming someone else's address mails its owner a notice and tells the caller nothing (the same 200).
    refused: [
      {
        as: 'patA',
        send: (w) => ({
          method: 'POST',
          url: '/api/onboarding/email/send-code',
          payload: w.patB.email,
          headers: { 'content-type': 'text/plain' },
        }),
        expect: { status: 200 },
      },
    ],
    own: [],
  },
  'POST /api/onboarding/email/confirm': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: '/api/onboarding/email/confirm', payload: { email: w.patB.email, code: '123456' } }),
        expect: { status: 400, code: 'BAD_CODE' },
      },
    ],
    own: [],
  },
  'PUT /api/onboarding': {
    refused: [
      {
        as: 'newcomer',
        send: (w) => ({ method: 'PUT', url: '/api/onboarding', payload: onboarding({ newEmail: w.patB.email }) }),
        expect: { status: 400, code: 'VALIDATION' },
      },
    ],
    own: [
      {
        as: 'newcomer',
        send: () => ({ method: 'PUT', url: '/api/onboarding', payload: onboarding({}) }),
        expect: { status: 200 },
      },
    ],
  },
  // Admins reach every account; what they get refused is an id of the wrong kind, none, or disabling themselves.
  'PUT /api/admin/users/:id/enable': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({ method: 'PUT', url: `/api/admin/users/${w.admin.id}/enable?enable=false` }),
        expect: { status: 409, code: 'CANNOT_DISABLE_SELF' },
      },
      {
        as: 'admin',
        send: () => ({ method: 'PUT', url: `/api/admin/users/${MISSING_ID}/enable?enable=false` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'PUT', url: `/api/admin/users/${w.admin2.id}/enable?enable=false` }),
        expect: { status: 200 },
      },
    ],
  },
  'PUT /api/admin/users/:id/verify': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({ method: 'PUT', url: `/api/admin/users/${w.patA.id}/verify?verified=true` }),
        expect: NOT_FOUND,
      },
      {
        as: 'admin',
        send: () => ({ method: 'PUT', url: `/api/admin/users/${MISSING_ID}/verify?verified=true` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'PUT', url: `/api/admin/users/${w.psyUnverified.id}/verify?verified=true` }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/psychologist/documents/:id/file': {
    refused: [{ as: 'psyB', send: (w) => get(`/api/psychologist/documents/${w.docA}/file`), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => get(`/api/psychologist/documents/${w.docA}/file`), expect: { status: 200 } }],
  },
  'DELETE /api/psychologist/documents/:id': {
    refused: [
      { as: 'psyB', send: (w) => ({ method: 'DELETE', url: `/api/psychologist/documents/${w.docA}` }), expect: NOT_FOUND },
      {
        as: 'psyB',
        send: () => ({ method: 'DELETE', url: `/api/psychologist/documents/${MISSING_ID}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      { as: 'psyA', send: (w) => ({ method: 'DELETE', url: `/api/psychologist/documents/${w.docA2}` }), expect: { status: 204 } },
    ],
  },
  'GET /api/admin/users/:id/documents': {
    refused: [
      { as: 'admin', send: (w) => get(`/api/admin/users/${w.patA.id}/documents`), expect: NOT_FOUND },
      { as: 'admin', send: (w) => get(`/api/admin/users/${w.mgrA.id}/documents`), expect: NOT_FOUND },
      { as: 'admin', send: () => get(`/api/admin/users/${MISSING_ID}/documents`), expect: NOT_FOUND },
    ],
    own: [{ as: 'admin', send: (w) => get(`/api/admin/users/${w.psyB.id}/documents`), expect: { status: 200 } }],
  },
  'GET /api/admin/documents/:id/file': {
    refused: [{ as: 'admin', send: () => get(`/api/admin/documents/${MISSING_ID}/file`), expect: NOT_FOUND }],
    own: [{ as: 'admin', send: (w) => get(`/api/admin/documents/${w.docB}/file`), expect: { status: 200 } }],
  },
  'DELETE /api/admin/appointments/:id': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/appointments/${w.bCanceled.id}`, payload: { reason: 'Again' } }),
        expect: { status: 409, code: 'NOT_CANCELABLE' },
      },
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/appointments/${w.bEnded.id}`, payload: { reason: 'Late' } }),
        expect: { status: 409, code: 'NOT_CANCELABLE' },
      },
      {
        as: 'admin',
        send: () => ({ method: 'DELETE', url: `/api/admin/appointments/${MISSING_ID}`, payload: { reason: 'None' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/appointments/${w.bUp.id}`, payload: { reason: 'Audit' } }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/admin/profile': {
    refused: [{ as: 'admin', send: (w) => get(`/api/admin/profile?email=${w.admin2.email}`), expect: NOT_FOUND }],
    own: [{ as: 'admin', send: (w) => get(`/api/admin/profile?email=${w.admin.email}`), expect: { status: 200 } }],
  },
  'PUT /api/admin/profile': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({
          method: 'PUT',
          url: `/api/admin/profile?email=${w.admin2.email}`,
          payload: { firstName: 'X', lastName: 'Y' },
        }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({
          method: 'PUT',
          url: `/api/admin/profile?email=${w.admin.email}`,
          payload: { firstName: 'X', lastName: 'Y' },
        }),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/admin/managers-assigned': {
    // Ids of anyone but a manager are left out of the answer.
    refused: [
      {
        as: 'admin',
        send: (w) => ({ method: 'POST', url: '/api/admin/managers-assigned', payload: [w.patA.id, w.psyA.id, MISSING_ID] }),
        expect: { status: 200, body: [] },
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'POST', url: '/api/admin/managers-assigned', payload: [w.mgrA.id] }),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/admin/assign-manager': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({
          method: 'POST',
          url: '/api/admin/assign-manager',
          payload: { managerId: w.patA.id, patientId: w.patFormer.id },
        }),
        expect: NOT_FOUND,
      },
      {
        as: 'admin',
        send: (w) => ({
          method: 'POST',
          url: '/api/admin/assign-manager',
          payload: { managerId: w.mgrB.id, patientId: w.psyA.id },
        }),
        expect: NOT_FOUND,
      },
      {
        as: 'admin',
        send: (w) => ({
          method: 'POST',
          url: '/api/admin/assign-manager',
          payload: { managerId: w.mgrA.id, patientId: w.patB.id },
        }),
        expect: { status: 409, code: 'ALREADY_ASSIGNED' },
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({
          method: 'POST',
          url: '/api/admin/assign-manager',
          payload: { managerId: w.mgrB.id, patientId: w.patFormer.id },
        }),
        expect: { status: 200 },
      },
    ],
  },
  'DELETE /api/admin/remove-assignment': {
    refused: [
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/remove-assignment?managerId=${w.mgrA.id}&patientId=${w.patB.id}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/remove-assignment?managerId=${w.mgrB.id}&patientId=${w.patB.id}` }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/psychologist/groups/:id': {
    refused: [
      { as: 'psyA', send: (w) => get(`/api/psychologist/groups/${w.gB.id}`), expect: NOT_FOUND },
      { as: 'psyA', send: () => get(`/api/psychologist/groups/${MISSING_ID}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => get(`/api/psychologist/groups/${w.gA.id}`), expect: { status: 200 } }],
  },
  'PUT /api/psychologist/groups/:id': {
    refused: [{ as: 'psyA', send: (w) => groupEdit(w.gB.id), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => groupEdit(w.gA.id), expect: { status: 200 } }],
  },
  'GET /api/psychologist/groups/:id/members': {
    refused: [{ as: 'psyA', send: (w) => get(`/api/psychologist/groups/${w.gB.id}/members`), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => get(`/api/psychologist/groups/${w.gA.id}/members`), expect: { status: 200 } }],
  },
  'POST /api/psychologist/groups/:id/members': {
    refused: [
      { as: 'psyA', send: (w) => addMember(w.gB.id, w.patA.id), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => addMember(w.gAInvite.id, w.patB.id), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => addMember(w.gAInvite.id, w.patA.id), expect: { status: 201 } }],
  },
  'DELETE /api/psychologist/groups/:id/members/:patientId': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/groups/${w.gB.id}/members/${w.patB.id}` }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/groups/${w.gA.id}/members/${w.patB.id}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/groups/${w.gAInvite.id}/members/${w.patA.id}` }),
        expect: { status: 204 },
      },
    ],
  },
  'POST /api/psychologist/groups/:id/messages': {
    refused: [{ as: 'psyA', send: (w) => groupMessage(w.gB.id), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => groupMessage(w.gA.id), expect: { status: 201 } }],
  },
  'PUT /api/psychologist/group-sessions/:id': {
    refused: [{ as: 'psyA', send: (w) => moveSession(w.gB.sessions[3]), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => moveSession(w.gA.sessions[3]), expect: { status: 200 } }],
  },
  'PUT /api/psychologist/group-sessions/:id/attendance': {
    refused: [
      { as: 'psyA', send: (w) => attendance(w.gBLive.id, w.patB.id), expect: NOT_FOUND },
      { as: 'psyA', send: () => attendance(MISSING_ID, 1), expect: NOT_FOUND },
    ],
    own: [{ as: 'psyA', send: (w) => attendance(w.gALive.id, w.patA.id), expect: { status: 200 } }],
  },
  'GET /api/psychologist/group-sessions/:id/note': {
    refused: [{ as: 'psyA', send: (w) => get(`/api/psychologist/group-sessions/${w.gBLive.id}/note`), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => get(`/api/psychologist/group-sessions/${w.gALive.id}/note`), expect: { status: 200 } }],
  },
  'PUT /api/psychologist/group-sessions/:id/note': {
    refused: [{ as: 'psyA', send: (w) => groupNote(w.gBLive.id), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => groupNote(w.gALive.id), expect: { status: 200 } }],
  },
  'DELETE /api/patient/group-sessions/:id': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/group-sessions/${w.gB.sessions[1].id}` }),
        expect: NOT_FOUND,
      },
      {
        as: 'patB',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/group-sessions/${w.gA.sessions[1].id}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/group-sessions/${w.gA.sessions[1].id}` }),
        expect: { status: 204 },
      },
    ],
  },
  'GET /api/groups/:id': {
    refused: [
      { as: 'patA', send: (w) => get(`/api/groups/${w.gAInvite.id}`), expect: NOT_FOUND },
      { as: 'patA', send: () => get(`/api/groups/${MISSING_ID}`), expect: NOT_FOUND },
    ],
    own: [{ as: 'patA', send: (w) => get(`/api/groups/${w.gB.id}`), expect: { status: 200 } }],
  },
  'POST /api/patient/groups/:id/enrolment': {
    refused: [{ as: 'patB', send: (w) => enrol(w.gAInvite.id), expect: NOT_FOUND }],
    own: [{ as: 'patA', send: (w) => enrol(w.gB.id), expect: { status: 201 } }],
  },
  'DELETE /api/patient/groups/:id/enrolment': {
    refused: [
      { as: 'patB', send: (w) => ({ method: 'DELETE', url: `/api/patient/groups/${w.gA.id}/enrolment` }), expect: NOT_FOUND },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'DELETE', url: `/api/patient/groups/${w.gA.id}/enrolment` }),
        expect: { status: 204 },
      },
    ],
  },
  'DELETE /api/admin/group-sessions/:id': {
    refused: [
      { as: 'admin', send: () => ({ method: 'DELETE', url: `/api/admin/group-sessions/${MISSING_ID}` }), expect: NOT_FOUND },
    ],
    own: [
      {
        as: 'admin',
        send: (w) => ({ method: 'DELETE', url: `/api/admin/group-sessions/${w.gB.sessions[3].id}` }),
        expect: { status: 200 },
      },
    ],
  },
  'DELETE /api/psychologist/group-sessions/:id': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/group-sessions/${w.gB.sessions[2].id}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'DELETE', url: `/api/psychologist/group-sessions/${w.gA.sessions[2].id}` }),
        expect: { status: 200 },
      },
    ],
  },
  'GET /api/conversations/:id': {
    refused: [
      { as: 'patA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}` }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}` }), expect: NOT_FOUND },
    ],
    own: [{ as: 'patA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convA.id}` }), expect: { status: 200 } }],
  },
  'GET /api/conversations/:id/messages': {
    refused: [
      { as: 'patA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}/messages` }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}/messages` }), expect: NOT_FOUND },
    ],
    own: [
      { as: 'patA', send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convA.id}/messages` }), expect: { status: 200 } },
    ],
  },
  'POST /api/conversations/:id/messages': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convB.id}/messages`, payload: { body: 'Running late' } }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convB.id}/messages`, payload: { body: 'Running late' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convA.id}/messages`, payload: { body: 'Running late' } }),
        expect: { status: 201 },
      },
    ],
  },
  'POST /api/conversations/:id/attachments': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convB.id}/attachments`, ...fileMessage() }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convB.id}/attachments`, ...fileMessage() }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convA.id}/attachments`, ...fileMessage() }),
        expect: { status: 201 },
      },
    ],
  },
  'GET /api/conversations/:id/attachments/:attachmentId': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}/attachments/${w.convB.file}` }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convB.id}/attachments/${w.convB.file}` }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'GET', url: `/api/conversations/${w.convA.id}/attachments/${w.convA.file}` }),
        expect: { status: 200 },
      },
    ],
  },
  'PUT /api/conversations/:id/read': {
    refused: [
      { as: 'patA', send: (w) => ({ method: 'PUT', url: `/api/conversations/${w.convB.id}/read` }), expect: NOT_FOUND },
      { as: 'psyA', send: (w) => ({ method: 'PUT', url: `/api/conversations/${w.convB.id}/read` }), expect: NOT_FOUND },
    ],
    own: [
      { as: 'patA', send: (w) => ({ method: 'PUT', url: `/api/conversations/${w.convA.id}/read` }), expect: { status: 200 } },
    ],
  },
  'PUT /api/conversations/:id/closed': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `/api/conversations/${w.convB.id}/closed`, payload: { closed: true } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `/api/conversations/${w.convA.id}/closed`, payload: { closed: true } }),
        expect: { status: 200 },
      },
    ],
  },
  'POST /api/conversations/:id/record': {
    refused: [
      { as: 'psyA', send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convB.id}/record` }), expect: NOT_FOUND },
    ],
    own: [
      { as: 'psyA', send: (w) => ({ method: 'POST', url: `/api/conversations/${w.convA.id}/record` }), expect: { status: 201 } },
    ],
  },
  'POST /api/conversations': {
    refused: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: '/api/conversations', payload: { psychologistId: w.psyB.id } }),
        expect: NOT_FOUND,
      },
      {
        as: 'psyA',
        send: (w) => ({ method: 'POST', url: '/api/conversations', payload: { patientId: w.patB.id } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'patA',
        send: (w) => ({ method: 'POST', url: '/api/conversations', payload: { psychologistId: w.psyA.id } }),
        expect: { status: 200 },
      },
    ],
  },
  'DELETE /api/user/sessions/:id': {
    refused: [{ as: 'patA', send: (w) => ({ method: 'DELETE', url: `/api/user/sessions/${w.sessB}` }), expect: NOT_FOUND }],
    own: [{ as: 'patA', send: (w) => ({ method: 'DELETE', url: `/api/user/sessions/${w.sessA2}` }), expect: { status: 204 } }],
  },
  'PUT /api/user/passkeys/:id': {
    refused: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `/api/user/passkeys/${w.keyB}`, payload: { name: 'Mine' } }),
        expect: NOT_FOUND,
      },
    ],
    own: [
      {
        as: 'psyA',
        send: (w) => ({ method: 'PUT', url: `/api/user/passkeys/${w.keyA}`, payload: { name: 'Work laptop' } }),
        expect: { status: 200 },
      },
    ],
  },
  'DELETE /api/user/passkeys/:id': {
    refused: [{ as: 'psyA', send: (w) => ({ method: 'DELETE', url: `/api/user/passkeys/${w.keyB}` }), expect: NOT_FOUND }],
    own: [{ as: 'psyA', send: (w) => ({ method: 'DELETE', url: `/api/user/passkeys/${w.keyA}` }), expect: { status: 204 } }],
  },
  'DELETE /api/psychologist/groups/:id': {
    refused: [{ as: 'psyA', send: (w) => ({ method: 'DELETE', url: `/api/psychologist/groups/${w.gB.id}` }), expect: NOT_FOUND }],
    own: [
      { as: 'psyA', send: (w) => ({ method: 'DELETE', url: `/api/psychologist/groups/${w.gA.id}` }), expect: { status: 200 } },
    ],
  },
};

/** Routes whose ids are not someone's object to reach, with why. */
const NOT_OWNED: Record<string, string> = {
  'POST /api/user/passkeys': 'the id in the authenticator’s answer names the credential being made for the caller',
  'GET /api/admin/users/:id/conversations':
    'admins may see any account’s conversations as counts and dates, never a message, and each look is audited',
  'GET /api/admin/audit': 'actorId and subjectId only filter the trail, which admins read whole',
};

/** Query and body fields that name a person or an appointment. */
const NAMING_FIELD = /(^id|Id|^email|Ids)$/;

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  w = await makeWorld();
});
afterAll(() => ctx.close());

const send = (attempt: Attempt) => call(ctx.app, { ...attempt.send(w), token: (w[attempt.as] as TestUser).token } as never);
const answerOf = (res: Awaited<ReturnType<typeof call>>, expected: Expected) => ({
  status: res.status,
  ...(expected.code !== undefined && { code: res.body?.code }),
  ...(expected.body !== undefined && { body: res.body }),
});

describe('ownership matrix', () => {
  it('has an entry for every route that takes an id or names another person', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).body;
    const naming = new Set<string>();
    for (const r of ctx.app.apiRoutes()) {
      if (r.access === 'public' || r.access === 'integration' || r.method === 'HEAD') continue;
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const params: string[] = (op?.parameters ?? []).map((p: { name: string }) => p.name);
      const body = op?.requestBody?.content?.['application/json']?.schema ?? {};
      const fields = [...params, ...Object.keys(body.properties ?? {})];
      const idList = body.type === 'array' && body.items?.type === 'integer';
      const address = body.type === 'string' && body.format === 'email';
      if (r.url.includes('/:') || fields.some((f) => NAMING_FIELD.test(f)) || idList || address)
        naming.add(`${r.method} ${r.url}`);
    }
    for (const key of Object.keys(ROUTE_ACCESS)) if (/\/:(id|patientId)\b/.test(key)) naming.add(key);
    const missing = [...naming].filter((key) => !MATRIX[key] && !NOT_OWNED[key]);
    expect(missing).toEqual([]);
    const unknown = Object.keys(MATRIX).filter((key) => !ROUTE_ACCESS[key]);
    expect(unknown).toEqual([]);
    for (const [key, entry] of Object.entries(MATRIX))
      expect({ key, refused: entry.refused.length > 0 }).toEqual({ key, refused: true });
  });

  // Slow: the whole database is digested before and after each route's refusals (every table, for each of the routes):
  // 15 s on a 2-core machine busy with other tests, more when it is busier.
  it("refuses every caller another's object, changing nothing", { timeout: 120_000 }, async () => {
    // Collected whole, so one run shows every defect at once.
    const got: unknown[] = [];
    const wanted: unknown[] = [];
    for (const [route, entry] of Object.entries(MATRIX)) {
      const before = await databaseDigest(ctx.app);
      for (const attempt of entry.refused) {
        const res = await send(attempt);
        const label = `${attempt.as} → ${route}: ${attempt.send(w).url}`;
        const shape = res.status < 400 || (res.body?.statusCode === res.status && typeof res.body?.message === 'string');
        got.push({ label, ...answerOf(res, attempt.expect), errorShape: shape });
        wanted.push({ label, ...attempt.expect, errorShape: true });
      }
      const after = await databaseDigest(ctx.app);
      got.push({ route, changed: Object.keys(after).filter((table) => after[table] !== before[table]) });
      wanted.push({ route, changed: [] });
    }
    expect(got).toEqual(wanted);
  });

  it('keeps everyone out of the video room of an appointment they are not in, and tells its members nothing', async () => {
    const sockets: SignalClient[] = [];
    try {
      const member = await connect(base, { token: w.psyA.token });
      sockets.push(member);
      const inbox = new Inbox(member, ALL_EVENTS);
      expect(await join(member, { room: w.aNow.videoCallRoomId })).toMatchObject({ ok: true, peers: [] });
      const before = await databaseDigest(ctx.app);
      for (const stranger of [w.psyB, w.patB, w.mgrA, w.admin]) {
        const socket = await connect(base, { token: stranger.token });
        sockets.push(socket);
        const answer = await join(socket, { room: w.aNow.videoCallRoomId });
        expect({ as: stranger.role, answer }).toMatchObject({
          as: stranger.role,
          answer: { ok: false, error: { code: 'FORBIDDEN' } },
        });
      }
      await pause(100);
      expect(inbox.of('peer-joined')).toEqual([]);
      expect(await databaseDigest(ctx.app)).toEqual(before);
      // The control: the appointment's patient gets in, and the psychologist hears of it.
      const patient = await connect(base, { token: w.patA.token });
      sockets.push(patient);
      expect(await join(patient, { room: w.aNow.videoCallRoomId })).toMatchObject({ ok: true });
      expect(await inbox.next('peer-joined')).toMatchObject({ userId: w.patA.id });
    } finally {
      for (const s of sockets) s.close();
    }
  });

  // Runs last: the controls change the world (cancel, delete, assign) the refusals above rely on.
  it('lets each caller reach their own object on the same routes', async () => {
    for (const [route, entry] of Object.entries(MATRIX)) {
      for (const attempt of entry.own) {
        const res = await send(attempt);
        const label = `${attempt.as} → ${route}: ${attempt.send(w).url}`;
        expect({ label, ...answerOf(res, attempt.expect) }).toEqual({ label, ...attempt.expect });
      }
    }
  });
});
