import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { postRecord, treat } from './records-helpers.js';

let ctx: TestContext;
let reader: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  reader = await createUser(ctx.app, { role: 'ADMIN' });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const trail = (query: string, token = reader.token) => call(ctx.app, { method: 'GET', url: `/api/admin/audit?${query}`, token });
const actions = (res: { body: { content: { action: string }[] } }) => res.body.content.map((r) => r.action);

/** One admin's acts, each a minute after the last: verify, assign, disable, enable, cancel, unassign. */
async function adminActs() {
  const admin = await createUser(ctx.app, {
    role: 'ADMIN',
    firstName: 'Olga',
    lastName: 'Audit',
    passwordHash: await hashPassword('admin-password-1'),
  });
  const manager = await createUser(ctx.app, { role: 'MANAGER', firstName: 'Max', lastName: 'Manager' });
  const patient = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Patient' });
  const psy = await createPsychologist(ctx.app, { verified: false });
  const appointment = await insertAppointment(ctx.app, {
    psychologistId: psy.id,
    patientId: patient.id,
    date: dateFromToday(ctx.app, 500),
    start: '10:00',
    end: '11:00',
  });
  const acts: [string, string, object?][] = [
    ['PUT', `/api/admin/users/${psy.id}/verify?verified=true`],
    ['POST', '/api/admin/assign-manager', { managerId: manager.id, patientId: patient.id }],
    ['PUT', `/api/admin/users/${patient.id}/enable?enable=false`],
    ['PUT', `/api/admin/users/${patient.id}/enable?enable=true`],
    ['DELETE', `/api/admin/appointments/${appointment.id}`, { reason: 'Clinic closed' }],
    ['DELETE', `/api/admin/remove-assignment?managerId=${manager.id}&patientId=${patient.id}`],
  ];
  for (const [i, [method, url, payload]] of acts.entries()) {
    ctx.setNow(`2026-03-11 12:0${i}`);
    // The sign-in's check is two hours old by now: disabling (and enabling) asks for a fresh one first.
    if (url.includes('/enable?enable=false')) {
      const recheck = { password: 'admin-password-1' };
      expect(
        (await call(ctx.app, { method: 'POST', url: '/api/user/recheck', token: admin.token, payload: recheck })).status,
      ).toBe(204);
    }
    const res = await call(ctx.app, { method: method as 'PUT', url, token: admin.token, payload });
    expect([url, res.status]).toEqual([url, 200]);
  }
  return { admin, manager, patient, psy, appointment };
}

describe('GET /api/admin/audit', () => {
  it("lists an admin's changes newest first, with who, what, whom and when", async () => {
    const a = await adminActs();
    const res = await trail(`actorId=${a.admin.id}`);
    expect(res.status).toBe(200);
    expect(actions(res)).toEqual([
      'MANAGER_UNASSIGN',
      'APPOINTMENT_CANCEL',
      'USER_ENABLE',
      'USER_DISABLE',
      'MANAGER_ASSIGN',
      'PSYCHOLOGIST_VERIFY',
    ]);
    expect(res.body).toMatchObject({ page: 0, size: 10, totalElements: 6, totalPages: 1, last: true });
    const person = (u: TestUser, firstName: string, lastName: string) => ({ id: u.id, firstName, lastName, email: u.email });
    expect(res.body.content[1]).toEqual({
      id: expect.any(Number),
      at: new Date('2026-03-11T10:04:00Z').toISOString(),
      action: 'APPOINTMENT_CANCEL',
      actor: person(a.admin, 'Olga', 'Audit'),
      actorRole: 'ROLE_ADMIN',
      subject: person(a.patient, 'Petro', 'Patient'),
      managerId: null,
      recordId: null,
      appointmentId: a.appointment.id,
      detail: 'Clinic closed',
      ip: '127.0.0.1',
    });
    expect(res.body.content[0]).toMatchObject({ subject: { id: a.patient.id }, managerId: a.manager.id });
    expect(res.body.content[5]).toMatchObject({ subject: { id: a.psy.id }, detail: null });
  });

  it('filters by action and by subject (the account acted on, the patient or the manager), and pages', async () => {
    const a = await adminActs();
    expect(actions(await trail(`actorId=${a.admin.id}&action=USER_DISABLE`))).toEqual(['USER_DISABLE']);
    expect(actions(await trail(`subjectId=${a.psy.id}`))).toEqual(['PSYCHOLOGIST_VERIFY']);
    expect(actions(await trail(`subjectId=${a.manager.id}`))).toEqual(['MANAGER_UNASSIGN', 'MANAGER_ASSIGN']);
    expect(actions(await trail(`subjectId=${a.patient.id}&action=MANAGER_ASSIGN`))).toEqual(['MANAGER_ASSIGN']);
    const first = await trail(`actorId=${a.admin.id}&size=4`);
    const second = await trail(`actorId=${a.admin.id}&size=4&page=1`);
    expect([first.body.last, second.body.last, first.body.totalPages]).toEqual([false, true, 2]);
    expect([...actions(first), ...actions(second)]).toEqual(actions(await trail(`actorId=${a.admin.id}`)));
    expect((await trail(`actorId=${a.admin.id}&page=2&size=4`)).body.content).toEqual([]);
  });

  it('holds the clinical-note events too, with the reader and the patient', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await treat(ctx.app, doc.id, patient.id);
    const note = await postRecord(ctx.app, doc.token, {
      patientId: patient.id,
      privacyLevel: 'DOCTOR_MANAGER',
      content: '<p>N</p>',
    });
    await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/assign-manager',
      token: reader.token,
      payload: { managerId: manager.id, patientId: patient.id },
    });
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/manager/doctor-reviews/${patient.id}`, token: manager.token })).status,
    ).toBe(200);
    const reads = await trail(`actorId=${manager.id}`);
    expect(reads.body.content).toEqual([
      expect.objectContaining({
        action: 'READ',
        actorRole: 'ROLE_MANAGER',
        recordId: note.body.id,
        subject: expect.objectContaining({ id: patient.id }),
      }),
    ]);
    expect(actions(await trail(`subjectId=${patient.id}`))).toEqual(['READ', 'MANAGER_ASSIGN', 'CREATE']);
  });

  it('refuses bad filters with 400 and anyone but an admin with 403', async () => {
    for (const [query, field] of [
      ['action=FLY', 'querystring.action'],
      ['actorId=abc', 'querystring.actorId'],
      ['subjectId=0', 'querystring.subjectId'],
      ['size=101', 'querystring.size'],
    ]) {
      const res = await trail(query);
      expect([query, res.status, res.body.fields?.[0]?.field]).toEqual([query, 400, field]);
    }
    for (const role of ['MANAGER', 'PSYCHOLOGIST', 'PATIENT'] as const) {
      expect((await trail('', (await createUser(ctx.app, { role })).token)).status).toBe(403);
    }
  });
});
