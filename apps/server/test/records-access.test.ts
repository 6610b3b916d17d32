import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { auditEvents, records, users } from '../src/db/schema/index.js';
import { newKey, parseKeyring } from '../src/lib/records-cipher.js';
import { listReadable } from '../src/modules/records/repository.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, RECORDS_KEY, type TestContext } from './helpers.js';
import {
  deleteRecord,
  doctorWithPatient,
  listRecords,
  patientRecords,
  postRecord,
  putRecord,
  RECORDS,
  treat,
} from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const ids = (list: { id: number }[]) => list.map((r) => r.id);
const auditOf = (recordId: number) =>
  ctx.app.db.select().from(auditEvents).where(eq(auditEvents.recordId, recordId)).orderBy(asc(auditEvents.id));
/** What the repository's access condition lets this account read, whatever route it might use. */
async function readableBy(user: TestUser) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
  return ids(await listReadable(ctx.app.db, row, {}));
}

describe('who reads a record', () => {
  it('shows each reader exactly what its privacy level allows', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const otherPatient = await createPatient(ctx.app);
    await treat(ctx.app, doctor.id, otherPatient.id);
    const colleague = await createPsychologist(ctx.app);
    await treat(ctx.app, colleague.id, patient.id);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const write = async (privacyLevel: string, patientId: number | null) =>
      (await postRecord(ctx.app, doctor.token, { content: `<p>${privacyLevel}</p>`, privacyLevel, patientId })).body;
    const onlyDoctor = await write('DOCTOR_ONLY', patient.id);
    const withManager = await write('DOCTOR_MANAGER', patient.id);
    const shared = await write('DOCTOR_PATIENT_MANAGER', patient.id);
    const selfNote = await write('DOCTOR_PATIENT_MANAGER', null);
    const aboutOther = await write('DOCTOR_PATIENT_MANAGER', otherPatient.id);
    const all = [aboutOther, selfNote, shared, withManager, onlyDoctor];

    expect((await listRecords(ctx.app, doctor.token)).body).toEqual(all);
    expect((await listRecords(ctx.app, colleague.token)).body).toEqual([]);
    expect((await patientRecords(ctx.app, patient.token)).body).toEqual([shared]);
    expect((await patientRecords(ctx.app, otherPatient.token)).body).toEqual([aboutOther]);
    expect((await patientRecords(ctx.app, (await createPatient(ctx.app)).token)).body).toEqual([]);

    expect(await readableBy(doctor)).toEqual(ids(all));
    expect(await readableBy(colleague)).toEqual([]);
    expect(await readableBy(patient)).toEqual([shared.id]);
    // Managers follow no patients until the oversight work assigns them; admins never read note content.
    expect(await readableBy(manager)).toEqual([]);
    expect(await readableBy(admin)).toEqual([]);
  });

  it('turns managers, admins and patients away from the psychologist routes, and staff from the patient route', async () => {
    const { doctor } = await doctorWithPatient(ctx.app);
    const { id } = (await postRecord(ctx.app, doctor.token, { content: 'x', privacyLevel: 'DOCTOR_MANAGER' })).body;
    for (const role of ['MANAGER', 'ADMIN', 'PATIENT'] as const) {
      const { token } = await createUser(ctx.app, { role });
      const attempts = [
        await listRecords(ctx.app, token),
        await postRecord(ctx.app, token, { content: 'x' }),
        await putRecord(ctx.app, token, id, { content: 'x', patientId: null }),
        await deleteRecord(ctx.app, token, id),
        await call(ctx.app, { method: 'GET', url: '/api/doctor/patients/for-records', token }),
      ];
      expect({ role, statuses: attempts.map((r) => r.status) }).toEqual({ role, statuses: [403, 403, 403, 403, 403] });
    }
    for (const role of ['MANAGER', 'ADMIN', 'PSYCHOLOGIST'] as const) {
      expect((await patientRecords(ctx.app, (await createUser(ctx.app, { role })).token)).status).toBe(403);
    }
    expect((await call(ctx.app, { method: 'GET', url: RECORDS })).status).toBe(401);
  });
});

describe('records at rest', () => {
  const rawRow = async (id: number) => {
    const result = await ctx.app.db.execute(
      sql`select encode(content, 'escape') as dump, key_version from ${records} where id = ${id}`,
    );
    return (result as unknown as { rows: { dump: string; key_version: number }[] }).rows[0];
  };

  it('keeps only ciphertext in the database while the API answers the text', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const text = 'Confidential: panic attacks since March';
    const created = await postRecord(ctx.app, doctor.token, { content: `<p>${text}</p>`, patientId: patient.id });
    const row = await rawRow(created.body.id);
    expect(row.key_version).toBe(1);
    expect(row.dump).not.toContain('Confidential');
    expect(row.dump).not.toContain('panic');
    expect(row.dump).not.toContain('<p>');
    expect((await listRecords(ctx.app, doctor.token)).body[0].content).toBe(`<p>${text}</p>`);
  });

  it('refuses to open ciphertext copied onto another row', async () => {
    const doctor = await createPsychologist(ctx.app);
    const secret = (await postRecord(ctx.app, doctor.token, { content: 'the secret one' })).body;
    const decoy = (await postRecord(ctx.app, doctor.token, { content: 'harmless' })).body;
    await ctx.app.db.execute(
      sql`update ${records} set content = (select content from ${records} where id = ${secret.id}) where id = ${decoy.id}`,
    );
    const res = await listRecords(ctx.app, doctor.token);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('still reads rows of an older key after the current key changes', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const old = (await postRecord(ctx.app, doctor.token, { content: 'written under key 1', patientId: patient.id })).body;
    const recordsKeyring = parseKeyring(`2:${newKey()},1:${RECORDS_KEY}`)!;
    const deps = { database: ctx.app.database, logger: false, now: () => ctx.app.clock.instant() };
    const rotated = await buildApp({ ...ctx.app.config, recordsKeyring }, deps);
    try {
      expect((await listRecords(rotated, doctor.token)).body).toEqual([old]);
      const fresh = (await postRecord(rotated, doctor.token, { content: 'written under key 2' })).body;
      expect((await rawRow(fresh.id)).key_version).toBe(2);
      expect((await rawRow(old.id)).key_version).toBe(1);
      expect(ids((await listRecords(rotated, doctor.token)).body)).toEqual([fresh.id, old.id]);
      const edited = await putRecord(rotated, doctor.token, old.id, { content: 'rewritten', patientId: patient.id });
      expect(edited.body.content).toBe('rewritten');
      expect((await rawRow(old.id)).key_version).toBe(2);
    } finally {
      await rotated.close();
    }
  });
});

describe('audit trail', () => {
  it('writes a row for each change, with who, role, when and from where', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const remoteAddress = '203.0.113.7';
    const created = await call(ctx.app, {
      method: 'POST',
      url: RECORDS,
      token: doctor.token,
      payload: { content: 'a', patientId: patient.id },
      remoteAddress,
    });
    const { id } = created.body;
    await putRecord(ctx.app, doctor.token, id, { content: 'b', patientId: null });
    await deleteRecord(ctx.app, doctor.token, id);
    const at = ctx.app.clock.instant();
    const none = { subjectId: null, managerId: null, appointmentId: null, detail: null };
    const base = { userId: doctor.id, role: 'PSYCHOLOGIST', recordId: id, at, ...none };
    expect((await auditOf(id)).map(({ id: _, ...row }) => row)).toEqual([
      { ...base, action: 'CREATE', patientId: patient.id, ip: remoteAddress },
      { ...base, action: 'UPDATE', patientId: null, ip: '127.0.0.1' },
      { ...base, action: 'DELETE', patientId: null, ip: '127.0.0.1' },
    ]);
  });

  it("audits each read by someone other than the author, never the author's own", async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const shared = (
      await postRecord(ctx.app, doctor.token, { content: 's', privacyLevel: 'DOCTOR_PATIENT_MANAGER', patientId: patient.id })
    ).body;
    const hidden = (await postRecord(ctx.app, doctor.token, { content: 'h', patientId: patient.id })).body;
    await listRecords(ctx.app, doctor.token);
    await putRecord(ctx.app, doctor.token, hidden.id, { content: 'h2', patientId: patient.id });
    expect((await auditOf(shared.id)).map((r) => r.action)).toEqual(['CREATE']);
    await patientRecords(ctx.app, patient.token);
    await patientRecords(ctx.app, patient.token);
    const reads = (await auditOf(shared.id)).filter((r) => r.action === 'READ');
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ userId: patient.id, role: 'PATIENT', patientId: patient.id });
    expect((await auditOf(hidden.id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('writes nothing for refused changes, which change nothing either', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const other = await createPsychologist(ctx.app);
    const note = (await postRecord(ctx.app, doctor.token, { content: 'n', patientId: patient.id })).body;
    await putRecord(ctx.app, other.token, note.id, { content: 'x', patientId: null });
    await deleteRecord(ctx.app, other.token, note.id);
    await putRecord(ctx.app, doctor.token, note.id, { content: 'x', patientId: (await createPatient(ctx.app)).id });
    expect((await auditOf(note.id)).map((r) => r.action)).toEqual(['CREATE']);
    expect((await postRecord(ctx.app, other.token, { content: 'x', patientId: patient.id })).status).toBe(404);
    expect(await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.userId, other.id))).toEqual([]);
  });
});
