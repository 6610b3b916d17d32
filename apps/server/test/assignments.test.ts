import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, managerAssignments } from '../src/db/schema/index.js';
import { createPatient, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(() => ctx.close());

const assign = (managerId: unknown, patientId: unknown, token = admin.token) =>
  call(ctx.app, { method: 'POST', url: '/api/admin/assign-manager', token, payload: { managerId, patientId } as object });
const remove = (managerId: number | string, patientId: number | string, token = admin.token) =>
  call(ctx.app, { method: 'DELETE', url: `/api/admin/remove-assignment?managerId=${managerId}&patientId=${patientId}`, token });
const unassigned = async () =>
  (
    (await call(ctx.app, { method: 'GET', url: '/api/admin/unassigned-patients', token: admin.token })).body as { id: number }[]
  ).map((p) => p.id);
const history = (patientId: number) =>
  ctx.app.db
    .select()
    .from(managerAssignments)
    .where(eq(managerAssignments.patientId, patientId))
    .orderBy(asc(managerAssignments.id));
const fieldsOf = (res: { body: { fields?: { field: string }[] } }) => [...new Set((res.body.fields ?? []).map((f) => f.field))];
const patientView = (p: TestUser, lastName = 'Patient') => ({ id: p.id, firstName: 'Test', lastName, email: p.email });

describe('assigning patients to managers', () => {
  it('assigns a patient with no manager, answers the manager’s patients, and takes them off the unassigned list', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app, { lastName: 'Aaa' });
    expect(await unassigned()).toContain(patient.id);
    const res = await assign(manager.id, patient.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ managerId: manager.id, assignedPatients: [patientView(patient, 'Aaa')] });
    expect(await unassigned()).not.toContain(patient.id);
    expect((await history(patient.id)).map((h) => [h.managerId, h.from.toISOString(), h.until])).toEqual([
      [manager.id, ctx.app.clock.instant().toISOString(), null],
    ]);
  });

  it('refuses a patient who already has a manager with 409, whichever manager asks', async () => {
    const [first, second] = [await createUser(ctx.app, { role: 'MANAGER' }), await createUser(ctx.app, { role: 'MANAGER' })];
    const patient = await createPatient(ctx.app);
    expect((await assign(first.id, patient.id)).status).toBe(200);
    for (const manager of [first, second]) {
      const res = await assign(manager.id, patient.id);
      expect([res.status, res.body.code]).toEqual([409, 'ALREADY_ASSIGNED']);
    }
    expect(await history(patient.id)).toHaveLength(1);
  });

  it('lets the database itself refuse a second open assignment of a patient', async () => {
    const [first, second] = [await createUser(ctx.app, { role: 'MANAGER' }), await createUser(ctx.app, { role: 'MANAGER' })];
    const patient = await createPatient(ctx.app);
    const from = ctx.app.clock.instant();
    await ctx.app.db.insert(managerAssignments).values({ managerId: first.id, patientId: patient.id, from });
    await expect(
      ctx.app.db.insert(managerAssignments).values({ managerId: second.id, patientId: patient.id, from }),
    ).rejects.toThrow();
    // Closed periods do not count: history may hold many.
    await ctx.app.db.update(managerAssignments).set({ until: from }).where(eq(managerAssignments.patientId, patient.id));
    await ctx.app.db.insert(managerAssignments).values({ managerId: second.id, patientId: patient.id, from });
    expect(await history(patient.id)).toHaveLength(2);
  });

  it('settles two concurrent assignments of one patient with one success and one 409', async () => {
    const [first, second] = [await createUser(ctx.app, { role: 'MANAGER' }), await createUser(ctx.app, { role: 'MANAGER' })];
    const patient = await createPatient(ctx.app);
    const results = await Promise.all([assign(first.id, patient.id), assign(second.id, patient.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await history(patient.id)).toHaveLength(1);
  });

  it('answers 404 when either id is not of its role or of no one, and 400 for ids that are not numbers', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app);
    const psychologist = await createUser(ctx.app, { role: 'PSYCHOLOGIST' });
    for (const [m, p] of [
      [patient.id, patient.id],
      [admin.id, patient.id],
      [psychologist.id, patient.id],
      [2_000_000_000, patient.id],
      [manager.id, manager.id],
      [manager.id, psychologist.id],
      [manager.id, 2_000_000_000],
    ]) {
      const res = await assign(m, p);
      expect([m, p, res.status]).toEqual([m, p, 404]);
    }
    expect(fieldsOf(await assign(String(manager.id), patient.id))).toEqual(['body.managerId']);
    expect(fieldsOf(await assign(manager.id, null))).toEqual(['body.patientId']);
    expect(fieldsOf(await assign(manager.id, 1.5))).toEqual(['body.patientId']);
    expect(await history(patient.id)).toEqual([]);
  });

  it('removes an assignment into the history, after which the patient may be assigned again', async () => {
    const [first, second] = [await createUser(ctx.app, { role: 'MANAGER' }), await createUser(ctx.app, { role: 'MANAGER' })];
    const patient = await createPatient(ctx.app);
    ctx.setNow('2026-03-01 09:00');
    await assign(first.id, patient.id);
    ctx.setNow('2026-03-05 18:30');
    const res = await remove(first.id, patient.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ managerId: first.id, assignedPatients: [] });
    expect(await unassigned()).toContain(patient.id);
    expect((await remove(first.id, patient.id)).status).toBe(404);
    ctx.setNow('2026-03-06 08:00');
    expect((await assign(second.id, patient.id)).status).toBe(200);
    expect((await remove(first.id, patient.id)).status).toBe(404);
    const iso = (s: string) => new Date(s).toISOString();
    expect((await history(patient.id)).map((h) => [h.managerId, h.from.toISOString(), h.until?.toISOString() ?? null])).toEqual([
      [first.id, iso('2026-03-01T07:00:00Z'), iso('2026-03-05T16:30:00Z')],
      [second.id, iso('2026-03-06T06:00:00Z'), null],
    ]);
  });

  it('refuses removing what is not an assignment with 404 and bad ids with 400', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app);
    expect((await remove(manager.id, patient.id)).status).toBe(404);
    expect(fieldsOf(await remove('x', patient.id))).toEqual(['querystring.managerId']);
    expect(fieldsOf(await call(ctx.app, { method: 'DELETE', url: '/api/admin/remove-assignment', token: admin.token }))).toEqual([
      'querystring.managerId',
      'querystring.patientId',
    ]);
  });

  it('puts every assignment and removal on the audit trail with the manager and the patient', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app);
    await assign(manager.id, patient.id);
    await assign(manager.id, patient.id);
    await remove(manager.id, patient.id);
    const rows = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, patient.id)).orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.userId, r.role, r.managerId, r.patientId])).toEqual([
      ['MANAGER_ASSIGN', admin.id, 'ADMIN', manager.id, patient.id],
      ['MANAGER_UNASSIGN', admin.id, 'ADMIN', manager.id, patient.id],
    ]);
  });

  it('admits admins only', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const patient = await createPatient(ctx.app);
    expect((await assign(manager.id, patient.id, manager.token)).status).toBe(403);
    expect((await remove(manager.id, patient.id, patient.token)).status).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/managers', token: manager.token })).status).toBe(403);
  });
});

describe('managers and their patients', () => {
  it('pages managers by id with their current patients by name and the count', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER', lastName: 'Lead' });
    const zed = await createPatient(ctx.app, { lastName: 'Zed' });
    const abe = await createPatient(ctx.app, { lastName: 'Abe' });
    const gone = await createPatient(ctx.app, { lastName: 'Gone' });
    for (const p of [zed, abe, gone]) await assign(manager.id, p.id);
    await remove(manager.id, gone.id);
    const all: { id: number }[] = [];
    for (let page = 0; ; page++) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/admin/managers?page=${page}&size=3`, token: admin.token });
      expect(res.status).toBe(200);
      all.push(...res.body.content);
      if (res.body.last) {
        expect(res.body.totalPages).toBe(page + 1);
        expect(all).toHaveLength(res.body.totalElements);
        break;
      }
    }
    const ids = all.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.find((m) => m.id === manager.id)).toEqual({
      id: manager.id,
      firstName: 'Test',
      lastName: 'Lead',
      email: manager.email,
      enabled: true,
      roles: ['ROLE_MANAGER'],
      verified: null,
      assignedPatients: [patientView(abe, 'Abe'), patientView(zed, 'Zed')],
      assignedPatientCount: 2,
    });
  });

  it('answers managers-assigned for the managers among the ids, in the order asked', async () => {
    const [a, b] = [await createUser(ctx.app, { role: 'MANAGER' }), await createUser(ctx.app, { role: 'MANAGER' })];
    const patient = await createPatient(ctx.app);
    await assign(b.id, patient.id);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/managers-assigned',
      token: admin.token,
      payload: [b.id, patient.id, a.id, 2_000_000_000, b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { managerId: b.id, assignedPatients: [patientView(patient)] },
      { managerId: a.id, assignedPatients: [] },
    ]);
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/managers-assigned',
      token: admin.token,
      payload: { ids: [1] },
    });
    expect(bad.status).toBe(400);
  });
});
