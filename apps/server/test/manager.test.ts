import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/index.js';
import { addSlots, insertAppointment, platformWhen } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { postRecord, treat } from './records-helpers.js';
import { expectOneOfConcurrentWrites } from './stale-helpers.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const get = (url: string, token: string) => call(ctx.app, { method: 'GET', url, token });
const assign = (managerId: number, patientId: number) =>
  call(ctx.app, { method: 'POST', url: '/api/admin/assign-manager', token: admin.token, payload: { managerId, patientId } });
const unassign = (managerId: number, patientId: number) =>
  call(ctx.app, {
    method: 'DELETE',
    url: `/api/admin/remove-assignment?managerId=${managerId}&patientId=${patientId}`,
    token: admin.token,
  });
const ids = (list: { id: number }[]) => list.map((r) => r.id);

/**
 * Two managers, each with a patient, and a patient with no manager; two psychologists treat them and wrote notes at
 * each privacy level.
 */
async function world() {
  const manager = await createUser(ctx.app, { role: 'MANAGER', firstName: 'Mila', lastName: 'Manager' });
  const otherManager = await createUser(ctx.app, { role: 'MANAGER' });
  const own = await createPatient(ctx.app, { firstName: 'Olia', lastName: 'Own', aboutMe: 'Likes tea' });
  const other = await createPatient(ctx.app, { lastName: 'Other' });
  const loose = await createPatient(ctx.app, { lastName: 'Loose' });
  const doc = await createPsychologist(ctx.app, { firstName: 'Bohdan', lastName: 'Bilyk' });
  const doc2 = await createPsychologist(ctx.app, { firstName: 'Anna', lastName: 'Avramenko' });
  expect((await assign(manager.id, own.id)).status).toBe(200);
  expect((await assign(otherManager.id, other.id)).status).toBe(200);
  const visits = {
    own: await treat(ctx.app, doc.id, own.id),
    own2: await treat(ctx.app, doc2.id, own.id),
    other: await treat(ctx.app, doc.id, other.id),
    loose: await treat(ctx.app, doc.id, loose.id),
  };
  const note = async (author: TestUser, patientId: number | null, privacyLevel: string, content: string) => {
    const res = await postRecord(ctx.app, author.token, { patientId, privacyLevel, content });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const notes = {
    only: await note(doc, own.id, 'DOCTOR_ONLY', '<p>Private</p>'),
    manager: await note(doc, own.id, 'DOCTOR_MANAGER', '<p>For the manager<script>alert(1)</script></p>'),
    everyone: await note(doc, own.id, 'DOCTOR_PATIENT_MANAGER', '<p onclick="x()">Shared with all</p>'),
    second: await note(doc2, own.id, 'DOCTOR_MANAGER', '<p>From Anna</p>'),
    otherPatient: await note(doc, other.id, 'DOCTOR_MANAGER', '<p>Not yours</p>'),
    loosePatient: await note(doc, loose.id, 'DOCTOR_PATIENT_MANAGER', '<p>Nobody’s</p>'),
    self: await note(doc, null, 'DOCTOR_MANAGER', '<p>Myself</p>'),
  };
  return { manager, otherManager, own, other, loose, doc, doc2, visits, notes };
}

const readsBy = (userId: number) =>
  ctx.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), eq(auditEvents.action, 'READ')))
    .orderBy(auditEvents.id);

describe('/api/manager/profile', () => {
  it('shows the manager and the patients they follow now', async () => {
    const w = await world();
    expect((await get('/api/manager/profile', w.manager.token)).body).toEqual({
      managerId: w.manager.id,
      firstName: 'Mila',
      lastName: 'Manager',
      email: w.manager.email,
      managedPatients: [{ id: w.own.id, firstName: 'Olia', lastName: 'Own', email: w.own.email, aboutMe: 'Likes tea' }],
      version: 1,
    });
  });

  it('refuses a save of an older version with 409 STALE, and of ten saves of one version applies exactly one', async () => {
    const w = await world();
    const put = (payload: object) =>
      call(ctx.app, { method: 'PUT', url: '/api/manager/profile', token: w.manager.token, payload });
    expect((await put({ firstName: 'Tab', lastName: 'One', version: 1 })).body).toMatchObject({ firstName: 'Tab', version: 2 });
    expect((await put({ firstName: 'Tab', lastName: 'Two', version: 1 })).body).toMatchObject({ code: 'STALE' });
    expect((await get('/api/manager/profile', w.manager.token)).body).toMatchObject({ lastName: 'One', version: 2 });
    // The spec's client sends no version and overwrites.
    expect((await put({ firstName: 'Mila', lastName: 'Manager' })).body).toMatchObject({ version: 3 });

    const applied = await expectOneOfConcurrentWrites(10, (i) => put({ firstName: 'Mila', lastName: `Race${i}`, version: 3 }));
    expect((await get('/api/manager/profile', w.manager.token)).body).toEqual(applied.body);
    expect(applied.body.version).toBe(4);
  });

  it('saves the names only: the e-mail and the patient list sent with them are ignored', async () => {
    const w = await world();
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/manager/profile',
      token: w.manager.token,
      payload: {
        managerId: w.otherManager.id,
        firstName: ' Myla ',
        lastName: 'Renamed',
        email: 'taken@example.test',
        managedPatients: [{ id: w.other.id }, { id: w.loose.id }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ managerId: w.manager.id, firstName: 'Myla', lastName: 'Renamed', email: w.manager.email });
    expect(ids(res.body.managedPatients)).toEqual([w.own.id]);
    expect((await get('/api/user/me', w.manager.token)).body).toMatchObject({ firstName: 'Myla', lastName: 'Renamed' });
    const blank = await call(ctx.app, {
      method: 'PUT',
      url: '/api/manager/profile',
      token: w.manager.token,
      payload: { firstName: '' },
    });
    expect(blank.status).toBe(400);
  });
});

describe('what a manager sees of patients', () => {
  it("lists only their own patients' appointments, and answers 404 for anyone else's", async () => {
    const w = await world();
    const all = await get('/api/manager/appointments', w.manager.token);
    expect(all.status).toBe(200);
    expect(ids(all.body).sort()).toEqual([w.visits.own.id, w.visits.own2.id].sort());
    expect(all.body.every((a: { patientId: number }) => a.patientId === w.own.id)).toBe(true);
    const dates = all.body.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort());
    const one = await get(`/api/manager/appointments/${w.own.id}`, w.manager.token);
    expect(one.body).toEqual(all.body);
    for (const id of [w.other.id, w.loose.id, w.doc.id, w.manager.id, 2_000_000_000]) {
      for (const path of ['appointments', 'doctor-reviews', 'visits']) {
        const res = await get(`/api/manager/${path}/${id}`, w.manager.token);
        expect([path, id, res.status]).toEqual([path, id, 404]);
      }
    }
    expect((await get('/api/manager/appointments/abc', w.manager.token)).status).toBe(400);
  });

  it('reads the notes shared with managers, grouped by psychologist, sanitised, and audits each read', async () => {
    const w = await world();
    const res = await get(`/api/manager/doctor-reviews/${w.own.id}`, w.manager.token);
    expect(res.status).toBe(200);
    const date = ctx.app.clock.instant().toISOString();
    expect(res.body).toEqual([
      {
        doctorId: w.doc2.id,
        doctorFirstName: 'Anna',
        doctorLastName: 'Avramenko',
        reviews: [{ id: w.notes.second, date, comment: '<p>From Anna</p>' }],
      },
      {
        doctorId: w.doc.id,
        doctorFirstName: 'Bohdan',
        doctorLastName: 'Bilyk',
        reviews: [
          { id: w.notes.everyone, date, comment: '<p>Shared with all</p>' },
          { id: w.notes.manager, date, comment: '<p>For the manager</p>' },
        ],
      },
    ]);
    const reads = await readsBy(w.manager.id);
    expect(reads.map((r) => [r.recordId, r.patientId, r.role]).sort()).toEqual(
      [w.notes.second, w.notes.everyone, w.notes.manager].map((id) => [id, w.own.id, 'MANAGER']).sort(),
    );
  });

  it("never shows another manager's patient's notes, and audits no read for a refusal", async () => {
    const w = await world();
    expect((await get(`/api/manager/doctor-reviews/${w.own.id}`, w.otherManager.token)).status).toBe(404);
    const theirs = await get(`/api/manager/doctor-reviews/${w.other.id}`, w.otherManager.token);
    expect(theirs.body.flatMap((g: { reviews: { id: number }[] }) => ids(g.reviews))).toEqual([w.notes.otherPatient]);
    expect((await readsBy(w.otherManager.id)).map((r) => r.recordId)).toEqual([w.notes.otherPatient]);
    expect(await readsBy(w.manager.id)).toEqual([]);
  });

  it('loses sight of a patient once the assignment ends, and regains it when assigned again', async () => {
    const w = await world();
    expect((await unassign(w.manager.id, w.own.id)).status).toBe(200);
    expect((await get('/api/manager/profile', w.manager.token)).body.managedPatients).toEqual([]);
    expect((await get('/api/manager/appointments', w.manager.token)).body).toEqual([]);
    for (const path of ['appointments', 'doctor-reviews', 'visits']) {
      expect((await get(`/api/manager/${path}/${w.own.id}`, w.manager.token)).status).toBe(404);
    }
    expect((await assign(w.otherManager.id, w.own.id)).status).toBe(200);
    expect((await get(`/api/manager/visits/${w.own.id}`, w.otherManager.token)).status).toBe(200);
    expect((await get(`/api/manager/visits/${w.own.id}`, w.manager.token)).status).toBe(404);
  });

  it("reads a psychologist's profile and schedule", async () => {
    const w = await world();
    await addSlots(ctx.app, w.doc.id, 'MONDAY', ['09:00', '10:00']);
    const info = await get(`/api/doctors/${w.doc.id}`, w.manager.token);
    expect(info.body).toMatchObject({ firstName: 'Bohdan', lastName: 'Bilyk' });
    const schedule = await get(`/api/psychologist/schedule?psychologistId=${w.doc.id}`, w.manager.token);
    expect(schedule.body).toEqual([{ dayOfWeek: 'MONDAY', timeSlots: [{ startTime: '09:00', endTime: '10:00' }] }]);
  });
});

describe('/api/manager/visits/{patientId}', () => {
  it('lists ended appointments newest first, with inProgram from the assignment history and the patient’s review', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app);
    const doc = await createPsychologist(ctx.app, { firstName: 'Vira', lastName: 'Doc' });
    const visit = (date: string, start: string, end: string, status?: 'CANCELED') =>
      insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, date, start, end, status });
    const before = await visit('2026-02-20', '10:00', '11:00');
    const atStart = await visit('2026-03-01', '09:00', '10:00');
    const during = await visit('2026-03-03', '10:00', '11:00');
    const atEnd = await visit('2026-03-05', '18:30', '19:30');
    const between = await visit('2026-03-07', '12:00', '13:00', 'CANCELED');
    const again = await visit('2026-03-10', '15:00', '16:00');
    await visit('2026-03-11', '10:00', '11:00'); // in progress at 10:20: not ended yet
    await visit('2026-03-12', '10:00', '11:00'); // upcoming
    ctx.setNow('2026-03-01 09:00');
    await assign(manager.id, patient.id);
    ctx.setNow('2026-03-05 18:30');
    await unassign(manager.id, patient.id);
    ctx.setNow('2026-03-09 08:00');
    await assign(manager.id, patient.id);
    ctx.setNow(TEST_NOW);
    const review = await call(ctx.app, {
      method: 'PUT',
      url: `/api/patient/appointments/${during.id}/review`,
      token: patient.token,
      payload: { review: '<p>Helpful<img src=x onerror="alert(1)"></p>' },
    });
    expect(review.status).toBe(200);

    const res = await get(`/api/manager/visits/${patient.id}`, manager.token);
    expect(res.status).toBe(200);
    expect(res.body.map((v: { id: number; inProgram: boolean }) => [v.id, v.inProgram])).toEqual([
      [again.id, true],
      [between.id, false],
      [atEnd.id, false],
      [during.id, true],
      [atStart.id, true],
      [before.id, false],
    ]);
    expect(res.body[3]).toEqual({
      id: during.id,
      kind: 'INDIVIDUAL',
      group: null,
      attendance: null,
      ...platformWhen('2026-03-03', '10:00', '11:00'),
      status: 'CONFIRMED',
      inProgram: true,
      doctorId: doc.id,
      doctorFirstName: 'Vira',
      doctorLastName: 'Doc',
      patientReview: '<p>Helpful</p>',
    });
    expect(res.body[1]).toMatchObject({ status: 'CANCELED', patientReview: null });
  });
});
