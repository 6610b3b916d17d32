import { RECORD_MAX_BYTES, RECORDS_UNPAGED_MAX } from '@rozmova/contract';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { expectHarmless, XSS_PAYLOADS } from './fixtures/xss.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { deleteRecord, doctorWithPatient, listRecords, postRecord, putRecord, treat } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const nowIso = () => dayjs.tz(TEST_NOW, ctx.app.config.timeZone).toDate().toISOString();
const storedCount = async (authorId: number) =>
  (await ctx.app.db.select().from(records).where(eq(records.authorId, authorId))).length;

describe('records of a psychologist', () => {
  it('creates a note about a patient they treat, and a note for themself', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app, { firstName: 'Olha', lastName: 'Koval' });
    const about = await postRecord(ctx.app, doctor.token, { content: '<p>Sleeps badly</p>', patientId: patient.id });
    expect(about.status).toBe(201);
    expect(about.body).toEqual({
      id: expect.any(Number),
      content: '<p>Sleeps badly</p>',
      privacyLevel: 'DOCTOR_ONLY',
      patientId: patient.id,
      patientFirstName: 'Olha',
      patientLastName: 'Koval',
      createdAt: nowIso(),
      version: 1,
      report: null,
    });
    const own = await postRecord(ctx.app, doctor.token, {
      content: 'Call supervisor',
      privacyLevel: 'DOCTOR_MANAGER',
      patientId: null,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ content: 'Call supervisor', privacyLevel: 'DOCTOR_MANAGER', patientId: null });
    expect(own.body).toMatchObject({ patientFirstName: null, patientLastName: null });
    expect((await postRecord(ctx.app, doctor.token, { content: 'No patient field' })).body.patientId).toBeNull();
  });

  it('lists only their own notes, newest first and by id when created at the same moment', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const other = await createPsychologist(ctx.app);
    await treat(ctx.app, other.id, patient.id);
    await postRecord(ctx.app, other.token, { content: 'Not yours', patientId: patient.id });
    ctx.setNow('2026-03-10 09:00');
    const older = (await postRecord(ctx.app, doctor.token, { content: 'older' })).body;
    ctx.setNow(TEST_NOW);
    const first = (await postRecord(ctx.app, doctor.token, { content: 'first' })).body;
    const second = (await postRecord(ctx.app, doctor.token, { content: 'second', patientId: patient.id })).body;
    const list = await listRecords(ctx.app, doctor.token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([second, first, older]);
  });

  it('edits a note: content, privacy and patient', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app, { firstName: 'Ivan', lastName: 'Bondar' });
    const created = (await postRecord(ctx.app, doctor.token, { content: 'draft' })).body;
    const res = await putRecord(ctx.app, doctor.token, created.id, {
      content: '<p>final</p>',
      privacyLevel: 'DOCTOR_PATIENT_MANAGER',
      patientId: patient.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      content: '<p>final</p>',
      privacyLevel: 'DOCTOR_PATIENT_MANAGER',
      patientId: patient.id,
      patientFirstName: 'Ivan',
      patientLastName: 'Bondar',
      version: 2,
    });
    const back = await putRecord(ctx.app, doctor.token, created.id, { content: 'again mine', patientId: null });
    expect(back.body).toMatchObject({ privacyLevel: 'DOCTOR_ONLY', patientId: null, patientFirstName: null });
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([back.body]);
  });

  it('deletes a note with 204; it is gone and a second delete is 404', async () => {
    const doctor = await createPsychologist(ctx.app);
    const { id } = (await postRecord(ctx.app, doctor.token, { content: 'temporary' })).body;
    const res = await deleteRecord(ctx.app, doctor.token, id);
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([]);
    expect((await deleteRecord(ctx.app, doctor.token, id)).status).toBe(404);
    expect((await putRecord(ctx.app, doctor.token, id, { content: 'x', patientId: null })).status).toBe(404);
  });

  it("answers 404 to another psychologist's edit or delete and leaves the note as it was", async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const other = await createPsychologist(ctx.app);
    await treat(ctx.app, other.id, patient.id);
    const note = (await postRecord(ctx.app, doctor.token, { content: 'mine', patientId: patient.id })).body;
    expect((await listRecords(ctx.app, other.token)).body).toEqual([]);
    const edit = await putRecord(ctx.app, other.token, note.id, { content: 'hijacked', patientId: patient.id });
    expect(edit).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await deleteRecord(ctx.app, other.token, note.id)).status).toBe(404);
    expect((await putRecord(ctx.app, doctor.token, 2_000_000_000, { content: 'x', patientId: null })).status).toBe(404);
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([note]);
  });

  it('answers 404 for a patient they do not treat, on create and on edit, and stores nothing', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const other = await createPsychologist(ctx.app);
    const theirs = await createPatient(ctx.app);
    await treat(ctx.app, other.id, theirs.id);
    const stranger = await createPatient(ctx.app);
    for (const patientId of [theirs.id, stranger.id, other.id, doctor.id, 2_000_000_000]) {
      const res = await postRecord(ctx.app, doctor.token, { content: 'x', patientId });
      expect({ patientId, status: res.status }).toEqual({ patientId, status: 404 });
    }
    const note = (await postRecord(ctx.app, doctor.token, { content: 'kept', patientId: patient.id })).body;
    expect((await putRecord(ctx.app, doctor.token, note.id, { content: 'moved', patientId: theirs.id })).status).toBe(404);
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([note]);
  });

  it('counts a future or missed session as treating the patient, and a cancelled booking as nothing', async () => {
    const doctor = await createPsychologist(ctx.app);
    const [cancelled, future, missed] = [
      await createPatient(ctx.app),
      await createPatient(ctx.app),
      await createPatient(ctx.app),
    ];
    const date = dayjs.tz(TEST_NOW, ctx.app.config.timeZone).add(5, 'day').format('YYYY-MM-DD');
    const base = { psychologistId: doctor.id, date, start: '12:00', end: '13:00' };
    await insertAppointment(ctx.app, { ...base, patientId: cancelled.id, status: 'CANCELED', reason: 'Ill' });
    await insertAppointment(ctx.app, { ...base, patientId: future.id, start: '14:00', end: '15:00' });
    const pastDate = dayjs.tz(TEST_NOW, ctx.app.config.timeZone).subtract(5, 'day').format('YYYY-MM-DD');
    await insertAppointment(ctx.app, { ...base, patientId: missed.id, date: pastDate, status: 'NO_SHOW' });
    expect((await postRecord(ctx.app, doctor.token, { content: 'x', patientId: cancelled.id })).status).toBe(404);
    expect((await postRecord(ctx.app, doctor.token, { content: 'x', patientId: future.id })).status).toBe(201);
    expect((await postRecord(ctx.app, doctor.token, { content: 'x', patientId: missed.id })).status).toBe(201);
    expect(await storedCount(doctor.id)).toBe(2);
  });
});

describe('editing a note others may have changed', () => {
  const stored = async (id: number) => (await ctx.app.db.select().from(records).where(eq(records.id, id)))[0];

  it('requires patientId on edit: leaving it out is 400 and the note stays about its patient', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const note = (await postRecord(ctx.app, doctor.token, { content: 'about them', patientId: patient.id })).body;
    const res = await putRecord(ctx.app, doctor.token, note.id, { content: 'edited', privacyLevel: 'DOCTOR_ONLY' });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION', fields: [{ field: 'body.patientId' }] } });
    expect(await stored(note.id)).toMatchObject({ patientId: patient.id, version: 1 });
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([note]);
  });

  it('applies an edit of the version it names and refuses one of an older version with 409 STALE', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const note = (await postRecord(ctx.app, doctor.token, { content: 'v1', patientId: patient.id })).body;
    expect(note.version).toBe(1);
    const first = await putRecord(ctx.app, doctor.token, note.id, { content: 'tab one', patientId: patient.id, version: 1 });
    expect(first.body).toMatchObject({ content: 'tab one', version: 2 });
    const second = await putRecord(ctx.app, doctor.token, note.id, { content: 'tab two', patientId: null, version: 1 });
    expect(second).toMatchObject({ status: 409, body: { code: 'STALE' } });
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([first.body]);
    const again = await putRecord(ctx.app, doctor.token, note.id, { content: 'tab two', patientId: null, version: 2 });
    expect(again.body).toMatchObject({ content: 'tab two', patientId: null, version: 3 });
    // Someone else's note stays not found, whatever version is named.
    const other = await createPsychologist(ctx.app);
    const theirs = await putRecord(ctx.app, other.token, note.id, { content: 'x', patientId: null, version: 1 });
    expect(theirs).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('of ten edits sent at once with the same version, applies exactly one and refuses the rest as STALE', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    const note = (await postRecord(ctx.app, doctor.token, { content: 'start', patientId: patient.id })).body;
    const edits = Array.from({ length: 10 }, (_, i) => `<p>edit ${i}</p>`);
    const answers = await Promise.all(
      edits.map((content) => putRecord(ctx.app, doctor.token, note.id, { content, patientId: patient.id, version: 1 })),
    );
    const applied = answers.filter((r) => r.status === 200);
    expect(applied).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.body.code === 'STALE')).toHaveLength(9);
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([{ ...applied[0].body, version: 2 }]);
  });
});

describe('patients for records', () => {
  it('lists the patients the psychologist treats, by last then first name', async () => {
    const doctor = await createPsychologist(ctx.app);
    const b = await createPatient(ctx.app, { firstName: 'Anna', lastName: 'Shevchenko' });
    const a = await createPatient(ctx.app, { firstName: 'Petro', lastName: 'Avramenko' });
    const c = await createPatient(ctx.app, { firstName: 'Bohdan', lastName: 'Shevchenko' });
    const notMine = await createPatient(ctx.app);
    for (const p of [b, a, c, a]) await treat(ctx.app, doctor.id, p.id);
    await treat(ctx.app, (await createPsychologist(ctx.app)).id, notMine.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/doctor/patients/for-records', token: doctor.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: a.id, firstName: 'Petro', lastName: 'Avramenko' },
      { id: b.id, firstName: 'Anna', lastName: 'Shevchenko' },
      { id: c.id, firstName: 'Bohdan', lastName: 'Shevchenko' },
    ]);
  });
});

describe('record input', () => {
  const expectField = (res: { status: number; body: { code: string; fields: { field: string }[] } }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.map((f) => f.field)).toContain(field);
  };

  it('refuses unknown privacy levels and patient ids that are not whole positive JSON numbers', async () => {
    const { doctor, patient } = await doctorWithPatient(ctx.app);
    for (const privacyLevel of ['PUBLIC', 'doctor_only', '', null, 1, ['DOCTOR_ONLY']]) {
      expectField(await postRecord(ctx.app, doctor.token, { content: 'x', privacyLevel }), 'body.privacyLevel');
    }
    for (const patientId of [String(patient.id), patient.id + 0.5, 0, -patient.id, true, [patient.id], {}, 2 ** 31]) {
      expectField(await postRecord(ctx.app, doctor.token, { content: 'x', patientId }), 'body.patientId');
    }
    for (const content of [undefined, 5, null, 'a\u0000b']) {
      expectField(await postRecord(ctx.app, doctor.token, { content }), 'body.content');
    }
    for (const id of ['abc', '01', '-1', '1.5'])
      expectField(await putRecord(ctx.app, doctor.token, id, { content: 'x', patientId: null }), 'params.id');
    expect(await storedCount(doctor.id)).toBe(0);
  });

  it('refuses a note with nothing visible once sanitised', async () => {
    const doctor = await createPsychologist(ctx.app);
    for (const content of [
      '',
      '   ',
      '<p> </p>',
      '<p>&nbsp;\u200B</p>',
      '<img src=x onerror=alert(1)>',
      '<script>hi</script>',
      '<hr>',
    ]) {
      expectField(await postRecord(ctx.app, doctor.token, { content }), 'body.content');
    }
    const { id } = (await postRecord(ctx.app, doctor.token, { content: 'ok' })).body;
    expectField(
      await putRecord(ctx.app, doctor.token, id, { content: '<iframe src="x"></iframe>', patientId: null }),
      'body.content',
    );
    expect((await listRecords(ctx.app, doctor.token)).body[0].content).toBe('ok');
  });

  it(`takes up to ${RECORD_MAX_BYTES} bytes of UTF-8 and answers 413 above, storing nothing`, async () => {
    const doctor = await createPsychologist(ctx.app);
    const fits = `<p>${'ї'.repeat((RECORD_MAX_BYTES - 7) / 2)}</p>`;
    expect(Buffer.byteLength(fits)).toBe(RECORD_MAX_BYTES - 1);
    const exact = `${fits}.`;
    const created = await postRecord(ctx.app, doctor.token, { content: exact });
    expect(created.status).toBe(201);
    expect(created.body.content).toBe(exact);
    const over = await postRecord(ctx.app, doctor.token, { content: `${exact}.` });
    expect(over).toMatchObject({ status: 413, body: { code: 'TOO_LARGE' } });
    expect((await postRecord(ctx.app, doctor.token, { content: `${fits}ї` })).status).toBe(413);
    expect((await putRecord(ctx.app, doctor.token, created.body.id, { content: `${exact}.`, patientId: null })).status).toBe(413);
    expect((await postRecord(ctx.app, doctor.token, { content: 'x'.repeat(1024 * 1024) })).status).toBe(413);
    expect(await storedCount(doctor.id)).toBe(1);
    expect((await listRecords(ctx.app, doctor.token)).body).toEqual([created.body]);
  });

  it('refuses markup nested deeper than the editor makes with 400 at once, storing nothing', async () => {
    const doctor = await createPsychologist(ctx.app);
    // The probe that took 29 s and answered 500: 98 KB, 14,000 levels.
    const deep = `<p>x${'<b><i>'.repeat(7000)}y${'</i></b>'.repeat(7000)}</p>`;
    const started = Date.now();
    const res = await postRecord(ctx.app, doctor.token, { content: deep });
    expect(res).toMatchObject({ status: 400, body: { code: 'MARKUP_TOO_COMPLEX', fields: [{ field: 'body.content' }] } });
    expect(Date.now() - started).toBeLessThan(1000);
    const created = await postRecord(ctx.app, doctor.token, { content: '<p>ok</p>' });
    expect((await putRecord(ctx.app, doctor.token, created.body.id, { content: deep, patientId: null })).status).toBe(400);
    expect(await storedCount(doctor.id)).toBe(1);
  });

  it('stores and returns XSS payloads harmless, keeping the allowed formatting', async () => {
    const formatting = '<h2>Plan</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><hr>';
    // A psychologist per payload: one saves at most 30 notes in 15 minutes.
    for (const payload of XSS_PAYLOADS) {
      const doctor = await createPsychologist(ctx.app);
      const res = await postRecord(ctx.app, doctor.token, { content: `${formatting}${payload}` });
      expect(res.status).toBe(201);
      expectHarmless(res.body.content);
      expect(res.body.content.startsWith(formatting)).toBe(true);
      const edited = await putRecord(ctx.app, doctor.token, res.body.id, { content: `<p>edit</p>${payload}`, patientId: null });
      expectHarmless(edited.body.content);
      const listed = (await listRecords(ctx.app, doctor.token)).body;
      expect(listed).toHaveLength(1);
      expectHarmless(listed[0].content);
    }
    const doctor = await createPsychologist(ctx.app);
    const link = await postRecord(ctx.app, doctor.token, { content: '<a href="https://example.com" onclick="x()">site</a>' });
    expect(link.body.content).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
  });
});

describe('how many notes', () => {
  it('takes 30 saves (new or edited) per psychologist in 15 minutes, then answers 429 without saving', async () => {
    const doctor = await createPsychologist(ctx.app);
    const first = await postRecord(ctx.app, doctor.token, { content: 'Note 0' });
    for (let i = 1; i < 20; i++) expect((await postRecord(ctx.app, doctor.token, { content: `Note ${i}` })).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      expect((await putRecord(ctx.app, doctor.token, first.body.id, { content: `Edit ${i}`, patientId: null })).status).toBe(200);
    }
    const refused = await postRecord(ctx.app, doctor.token, { content: 'One too many' });
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await putRecord(ctx.app, doctor.token, first.body.id, { content: 'Edit', patientId: null })).status).toBe(429);
    expect(await storedCount(doctor.id)).toBe(20);
    const other = await createPsychologist(ctx.app);
    expect((await postRecord(ctx.app, other.token, { content: 'Mine' })).status).toBe(201);
  });

  describe('listed', () => {
    // Limits off: this is about the list, and one psychologist writes more notes here than the limit allows at once.
    let unlimited: TestContext;
    let doctor: Awaited<ReturnType<typeof createPsychologist>>;
    beforeAll(async () => {
      unlimited = await buildTestApp({ RATE_LIMITS: 'off' });
      doctor = await createPsychologist(unlimited.app);
      for (let i = 0; i < RECORDS_UNPAGED_MAX + 5; i++) {
        expect((await postRecord(unlimited.app, doctor.token, { content: `Note ${i}` })).status).toBe(201);
      }
    });
    afterAll(() => unlimited.close());
    const list = (query = '') => call(unlimited.app, { method: 'GET', url: `/api/api/records${query}`, token: doctor.token });
    const numbers = (notes: { content: string }[]) => notes.map((n) => Number(n.content.replace('Note ', '')));

    it(`answers the newest ${RECORDS_UNPAGED_MAX} as a bare list without page or size`, async () => {
      const res = await list();
      expect(Array.isArray(res.body)).toBe(true);
      expect(numbers(res.body)).toEqual(Array.from({ length: RECORDS_UNPAGED_MAX }, (_, i) => RECORDS_UNPAGED_MAX + 4 - i));
    });

    it('answers pages, newest first, with the total', async () => {
      const first = await list('?page=0&size=50');
      expect(first.body).toMatchObject({ page: 0, size: 50, totalElements: 105, totalPages: 3, last: false });
      expect(numbers(first.body.content).slice(0, 2)).toEqual([104, 103]);
      const last = await list('?page=2&size=50');
      expect(last.body).toMatchObject({ page: 2, last: true });
      expect(numbers(last.body.content)).toEqual([4, 3, 2, 1, 0]);
      const byDefault = await list('?page=1');
      expect(byDefault.body).toMatchObject({ page: 1, size: 20, totalElements: 105 });
      expect(numbers(byDefault.body.content)[0]).toBe(84);
      expect((await list('?size=3')).body.content).toHaveLength(3);
    });

    it('refuses a page size over 50 and malformed paging with 400', async () => {
      for (const query of ['?size=51', '?size=0', '?page=-1', '?page=x', '?size=1.5']) {
        const res = await list(query);
        expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION']);
      }
    });
  });
});
