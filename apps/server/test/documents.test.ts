import { DOCUMENT_MAX_BYTES, DOCUMENTS_MAX } from '@rozmova/contract';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, verificationDocuments } from '../src/db/schema/index.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf, pdfOfSize } from './fixtures/documents.js';
import { images, multipart, type Part } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterAll(() => ctx.close());

const send = (token: string, parts: Part[]) =>
  call(ctx.app, { method: 'POST', url: '/api/psychologist/documents', token, ...multipart(parts) });
/** A document in the fields `kind` and `file`, its declared name and type whatever the test says. */
const upload = (token: string, kind: string, data: Buffer, filename = 'scan.pdf', contentType = 'application/pdf') =>
  send(token, [
    { name: 'kind', data: kind },
    { name: 'file', data, filename, contentType },
  ]);
const ownList = (token: string) => call(ctx.app, { method: 'GET', url: '/api/psychologist/documents', token });
const ownFile = (token: string, id: number) =>
  call(ctx.app, { method: 'GET', url: `/api/psychologist/documents/${id}/file`, token });
const adminList = (id: number, token = admin.token) =>
  call(ctx.app, { method: 'GET', url: `/api/admin/users/${id}/documents`, token });
const adminFile = (id: number, token = admin.token) =>
  call(ctx.app, { method: 'GET', url: `/api/admin/documents/${id}/file`, token });
const verify = (id: number, verified: boolean, body?: object) =>
  call(ctx.app, {
    method: 'PUT',
    url: `/api/admin/users/${id}/verify?verified=${verified}`,
    token: admin.token,
    ...(body && { payload: body }),
  });
const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;
const rowsOf = (psychologistId: number) =>
  ctx.app.db.select().from(verificationDocuments).where(eq(verificationDocuments.psychologistId, psychologistId));

/** A JPEG carrying EXIF text, as a phone's photo of a diploma carries its place and camera. */
const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a0c0e0' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'EXIF-SECRET-GPS' } })
    .toBuffer();

describe('a psychologist sends documents', () => {
  it('accepts a PDF, a JPEG and a PNG told by their bytes, lists them and serves each back', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const diploma = pdf('Diploma of Olena');
    const sent = await upload(psy.token, 'DIPLOMA', diploma, 'diploma.png', 'image/png');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      kind: 'DIPLOMA',
      fileName: 'diploma.png',
      contentType: 'application/pdf',
      size: expect.any(Number),
    });
    const licence = await upload(psy.token, 'LICENCE', await jpegWithExif(), 'licence.pdf', 'application/pdf');
    expect(licence.body).toMatchObject({ kind: 'LICENCE', contentType: 'image/jpeg' });
    const certificate = await upload(psy.token, 'CERTIFICATE', images.png, 'cert', 'application/octet-stream');
    expect(certificate.body).toMatchObject({ kind: 'CERTIFICATE', contentType: 'image/png' });

    const list = await ownList(psy.token);
    expect(list.status).toBe(200);
    expect(list.body.verification).toEqual({ state: 'PENDING', reason: null, decidedAt: null });
    expect(list.body.documents.map((d: { kind: string }) => d.kind)).toEqual(['DIPLOMA', 'LICENCE', 'CERTIFICATE']);
    expect(list.body.documents[0].uploadedAt).toBe(ctx.app.clock.instant().toISOString());

    const file = await ownFile(psy.token, sent.body.id);
    expect(file.status).toBe(200);
    // Written anew (document-pdf.test.ts): the same page, in the bytes the listing sized.
    expect(await pdfText(file.raw.rawPayload)).toContain('Diploma of Olena');
    expect(file.raw.rawPayload.length).toBe(sent.body.size);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename=diploma.png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });

  it('writes images anew: the picture stays, EXIF and bytes after the image go', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const jpeg = await jpegWithExif();
    expect(jpeg.includes('EXIF-SECRET-GPS')).toBe(true);
    const png = Buffer.concat([images.png, Buffer.from('HIDDEN-AFTER-IEND')]);
    const a = await upload(psy.token, 'LICENCE', jpeg, 'l.jpg', 'image/jpeg');
    const b = await upload(psy.token, 'CERTIFICATE', png, 'c.png', 'image/png');
    const gotJpeg = (await ownFile(psy.token, a.body.id)).raw.rawPayload;
    const gotPng = (await ownFile(psy.token, b.body.id)).raw.rawPayload;
    expect(gotJpeg.includes('EXIF-SECRET-GPS')).toBe(false);
    expect(gotPng.includes('HIDDEN-AFTER-IEND')).toBe(false);
    expect(await sharp(gotJpeg).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(await sharp(gotPng).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
  });

  it('stores every document encrypted with the notes keyring: no plaintext in the database', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    await upload(psy.token, 'DIPLOMA', pdf('PLAINTEXT-MARKER'));
    const [row] = await rowsOf(psy.id);
    expect(row.keyVersion).toBe(1);
    expect(Buffer.from(row.content).includes('PLAINTEXT-MARKER')).toBe(false);
    expect(Buffer.from(row.content).includes('%PDF-')).toBe(false);
  });

  it('takes a file of exactly 10 MB and refuses one byte more with 413, storing nothing', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    expect((await upload(psy.token, 'DIPLOMA', pdfOfSize(DOCUMENT_MAX_BYTES))).status).toBe(201);
    const res = await upload(psy.token, 'DIPLOMA', pdfOfSize(DOCUMENT_MAX_BYTES + 1));
    expect([res.status, res.body.code]).toEqual([413, 'TOO_LARGE']);
    expect(await rowsOf(psy.id)).toHaveLength(1);
  });

  it(`keeps at most ${DOCUMENTS_MAX}: the next is 409 until one is deleted`, async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const ids: number[] = [];
    for (let i = 0; i < DOCUMENTS_MAX; i++) ids.push((await upload(psy.token, 'CERTIFICATE', pdf(`Cert ${i}`))).body.id);
    const over = await upload(psy.token, 'CERTIFICATE', pdf('One too many'));
    expect([over.status, over.body.code]).toEqual([409, 'TOO_MANY_DOCUMENTS']);
    const del = await call(ctx.app, { method: 'DELETE', url: `/api/psychologist/documents/${ids[0]}`, token: psy.token });
    expect(del.status).toBe(204);
    expect((await ownFile(psy.token, ids[0])).status).toBe(404);
    expect((await upload(psy.token, 'CERTIFICATE', pdf('Now it fits'))).status).toBe(201);
    expect(await rowsOf(psy.id)).toHaveLength(DOCUMENTS_MAX);
  });

  it.each([
    ['text named .pdf', Buffer.from('just some text, not a document'), 415, 'UNSUPPORTED_MEDIA'],
    ['a GIF', images.gif, 415, 'UNSUPPORTED_MEDIA'],
    ['a WebP', images.webp, 415, 'UNSUPPORTED_MEDIA'],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), 415, 'UNSUPPORTED_MEDIA'],
    ['a password-protected PDF', pdf('Locked', { trailer: '/Encrypt 6 0 R ' }), 400, 'DOCUMENT_UNREADABLE'],
    ['a PDF cut short', pdf('Cut').subarray(0, 200), 400, 'DOCUMENT_UNREADABLE'],
    ['a garbled PDF header', Buffer.from(`%PDF-x${pdf().toString('latin1').slice(6)}`, 'latin1'), 400, 'DOCUMENT_UNREADABLE'],
    ['a JPEG cut short', images.jpeg.subarray(0, 40), 400, 'DOCUMENT_UNREADABLE'],
    ['an empty file', Buffer.alloc(0), 400, 'VALIDATION'],
  ])('refuses %s cleanly and stores nothing', async (_name, data, status, code) => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const res = await upload(psy.token, 'DIPLOMA', data);
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(typeof res.body.message).toBe('string');
    expect(await rowsOf(psy.id)).toEqual([]);
  });

  const whole = pdf('Damaged').toString('latin1');
  const damaged = (text: string) => Buffer.from(text, 'latin1');
  it.each([
    ['with no version after its signature', damaged(`%PDF-x${whole.slice(6)}`), 'The PDF header is damaged'],
    [
      'cut before its end marker',
      damaged(whole.slice(0, whole.lastIndexOf('%%EOF'))),
      'The PDF is incomplete or damaged: send the whole file',
    ],
    [
      'without a cross-reference pointer',
      damaged(whole.replace('startxref', 'startxxxx')),
      'The PDF is incomplete or damaged: send the whole file',
    ],
    [
      'with its end marker more than 1 KB before the end',
      damaged(`${whole}%${'x'.repeat(1100)}\n`),
      'The PDF is incomplete or damaged: send the whole file',
    ],
    [
      'whose body between a sound header and trailer is garbage',
      damaged(`%PDF-1.4\n${'\u00ff garbage ('.repeat(40)}\n${whole.slice(whole.indexOf('xref'))}`),
      'The PDF could not be read',
    ],
  ])('refuses a PDF %s with 400 and a message saying so', async (_name, data, message) => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const res = await upload(psy.token, 'DIPLOMA', data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'DOCUMENT_UNREADABLE', message, fields: [{ field: 'file', message }] });
    expect(await rowsOf(psy.id)).toEqual([]);
  });

  it('refuses a missing or unknown kind, a missing file and a body that is not multipart with 400 or 415', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const field = (res: Awaited<ReturnType<typeof send>>) => [res.status, res.body.fields?.[0]?.field];
    expect(field(await upload(psy.token, 'PASSPORT', pdf()))).toEqual([400, 'kind']);
    expect(field(await send(psy.token, [{ name: 'file', data: pdf(), filename: 'a.pdf' }]))).toEqual([400, 'kind']);
    expect(field(await send(psy.token, [{ name: 'kind', data: 'DIPLOMA' }]))).toEqual([400, 'file']);
    const json = await call(ctx.app, {
      method: 'POST',
      url: '/api/psychologist/documents',
      token: psy.token,
      payload: { kind: 'DIPLOMA', file: 'JVBERi0=' },
    });
    expect(json.status).toBe(415);
    expect(await rowsOf(psy.id)).toEqual([]);
  });

  it('takes the kind after the file as well, and keeps the shown name to one plain line', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const res = await send(psy.token, [
      { name: 'file', data: pdf(), filename: 'C:\\scans\\дип\u202Eлом.pdf', contentType: 'application/pdf' },
      { name: 'kind', data: 'LICENCE' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'LICENCE', fileName: 'диплом.pdf' });
    const file = await ownFile(psy.token, res.body.id);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename=______.pdf; filename*=UTF-8''${encodeURIComponent('диплом.pdf')}`,
    );
  });
});

describe('the API document', () => {
  it('describes the document calls, the multipart fields and the reason of a rejection', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).body;
    const upload = doc.paths['/api/psychologist/documents'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties).toMatchObject({
      kind: { enum: ['DIPLOMA', 'LICENCE', 'CERTIFICATE'] },
      file: { format: 'binary' },
    });
    for (const [path, method] of [
      ['/api/psychologist/documents', 'get'],
      ['/api/psychologist/documents/{id}', 'delete'],
      ['/api/psychologist/documents/{id}/file', 'get'],
      ['/api/admin/users/{id}/documents', 'get'],
      ['/api/admin/documents/{id}/file', 'get'],
    ]) {
      expect({ path, summary: typeof doc.paths[path]?.[method]?.summary }).toEqual({ path, summary: 'string' });
    }
    const verify = doc.paths['/api/admin/users/{id}/verify'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(verify.properties)).toEqual(['reason']);
  });
});

describe('who reaches documents', () => {
  it('serves them to their psychologist and admins only, never to patients, managers or other psychologists', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const id = (await upload(psy.token, 'DIPLOMA', pdf())).body.id;
    const other = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    expect((await ownFile(other.token, id)).status).toBe(404);
    expect((await ownList(other.token)).body.documents).toEqual([]);
    for (const caller of [patient, manager]) {
      expect((await ownFile(caller.token, id)).status).toBe(403);
      expect((await ownList(caller.token)).status).toBe(403);
    }
    for (const caller of [psy, other, patient, manager]) {
      expect((await adminFile(id, caller.token)).status).toBe(403);
      expect((await adminList(psy.id, caller.token)).status).toBe(403);
    }
    expect((await ownFile(admin.token, id)).status).toBe(403);
    const del = await call(ctx.app, { method: 'DELETE', url: `/api/psychologist/documents/${id}`, token: other.token });
    expect(del.status).toBe(404);
    expect(await rowsOf(psy.id)).toHaveLength(1);
  });

  it('lists them for an admin, 404 for an account that is not a psychologist', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    await upload(psy.token, 'LICENCE', pdf());
    const list = await adminList(psy.id);
    expect(list.status).toBe(200);
    expect(list.body.documents).toHaveLength(1);
    expect(list.body.documents[0]).not.toHaveProperty('content');
    const patient = await createPatient(ctx.app);
    for (const id of [patient.id, admin.id, 2_000_000_000]) expect((await adminList(id)).status).toBe(404);
    expect((await adminFile(2_000_000_000)).status).toBe(404);
  });

  it('puts every admin read of a file on the audit trail with the psychologist and the document', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const id = (await upload(psy.token, 'DIPLOMA', pdf('Audited'), 'd.pdf')).body.id;
    const reads = () =>
      ctx.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, psy.id), eq(auditEvents.action, 'DOCUMENT_READ')));
    const stored = (await ownFile(psy.token, id)).raw.rawPayload;
    expect(await reads()).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await adminFile(id);
      expect(res.status).toBe(200);
      expect(res.raw.rawPayload.equals(stored)).toBe(true);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
    }
    const rows = await reads();
    expect(rows.map((r) => [r.userId, r.role, r.detail])).toEqual([
      [admin.id, 'ADMIN', `#${id} DIPLOMA d.pdf`],
      [admin.id, 'ADMIN', `#${id} DIPLOMA d.pdf`],
    ]);
    const trail = await call(ctx.app, {
      method: 'GET',
      url: `/api/admin/audit?subjectId=${psy.id}&action=DOCUMENT_READ`,
      token: admin.token,
    });
    expect(trail.body.content).toHaveLength(2);
  });
});

describe('the decision goes back to the psychologist', () => {
  const state = async (psy: TestUser) => {
    const [list, profile] = await Promise.all([
      ownList(psy.token),
      call(ctx.app, { method: 'GET', url: '/api/psychologist/profile', token: psy.token }),
    ]);
    expect(profile.body.verification).toEqual(list.body.verification);
    return { ...list.body.verification, verified: profile.body.verified };
  };

  it('a rejection carries its reason; new documents put it back to pending; an approval makes them verified', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    await upload(psy.token, 'DIPLOMA', pdf());
    const at = ctx.app.clock.instant().toISOString();

    const rejected = await verify(psy.id, false, { reason: '  The licence is missing  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.verified).toBe(false);
    expect(await state(psy)).toEqual({ state: 'REJECTED', reason: 'The licence is missing', decidedAt: at, verified: false });
    expect((await adminList(psy.id)).body.verification.state).toBe('REJECTED');

    await upload(psy.token, 'LICENCE', pdf('Licence'));
    expect(await state(psy)).toMatchObject({ state: 'PENDING', reason: null, verified: false });

    expect((await verify(psy.id, true)).status).toBe(200);
    expect(await state(psy)).toEqual({ state: 'APPROVED', reason: null, decidedAt: at, verified: true });
    const doctor = await call(ctx.app, {
      method: 'GET',
      url: `/api/doctors/${psy.id}`,
      token: (await createPatient(ctx.app)).token,
    });
    expect(doctor.status).toBe(200);
    expect(doctor.body).not.toHaveProperty('verification');

    // Withdrawn without a reason: awaiting a check again, not rejected.
    await verify(psy.id, false);
    expect(await state(psy)).toMatchObject({ state: 'PENDING', reason: null, verified: false });

    const trail = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, psy.id)).orderBy(auditEvents.id);
    expect(trail.map((r) => [r.action, r.detail])).toEqual([
      ['PSYCHOLOGIST_REJECT', 'The licence is missing'],
      ['PSYCHOLOGIST_VERIFY', null],
      ['PSYCHOLOGIST_UNVERIFY', null],
    ]);
  });

  it('refuses a reason with an approval and a blank reason, changing nothing', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const withReason = await verify(psy.id, true, { reason: 'Fine' });
    expect([withReason.status, withReason.body.fields?.[0]?.field]).toEqual([400, 'reason']);
    const blank = await verify(psy.id, false, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(await state(psy)).toEqual({ state: 'PENDING', reason: null, decidedAt: null, verified: false });
  });
});
