import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verificationDocuments } from '../src/db/schema/index.js';
import { decodeGate } from '../src/lib/decode-gate.js';
import { createPatient, createPsychologist } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { fileUpload, images, jpegDeclaring, multipart, pngDeclaring } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => decodeGate.resetSeen());

const sendDocument = (token: string, data: Buffer, filename = 'scan.jpg') =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/psychologist/documents',
    token,
    ...multipart([
      { name: 'kind', data: 'DIPLOMA' },
      { name: 'file', data, filename, contentType: 'application/octet-stream' },
    ]),
  });
const sendAvatar = (token: string, data: Buffer) =>
  call(ctx.app, { method: 'POST', url: '/api/images/avatar', token, ...fileUpload(data) });
const storedOf = (psychologistId: number) =>
  ctx.app.db.select().from(verificationDocuments).where(eq(verificationDocuments.psychologistId, psychologistId));

/** A photo-like JPEG (noise does not compress away), so decoding it takes a while. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

function expectLimited(res: Awaited<ReturnType<typeof call>>) {
  expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED']);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('document images are bounded by their pixels, read from the header before decoding', () => {
  it.each([
    ['a JPEG of 10,000 × 4,000', jpegDeclaring(10_000, 4_000)],
    ['a PNG of 5,001 × 5,000', pngDeclaring(5_001, 5_000)],
    ['a PNG 10,001 pixels wide', pngDeclaring(10_001, 1)],
  ])('refuses %s with 400 IMAGE_TOO_LARGE, decoding nothing and storing nothing', async (_name, data) => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const res = await sendDocument(psy.token, data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      fields: [{ field: 'file', message: expect.stringContaining('25 megapixels') }],
    });
    expect(decodeGate.seen.decodes).toBe(0);
    expect(await storedOf(psy.id)).toEqual([]);
  });

  it('refuses an image whose header cannot be read with 400, decoding nothing and storing nothing', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const res = await sendDocument(psy.token, images.jpeg.subarray(0, 20));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'file', message: 'The image header could not be read' }]);
    expect(decodeGate.seen.decodes).toBe(0);
    expect(await storedOf(psy.id)).toEqual([]);
  });

  it('takes an image of exactly 25 megapixels, 10,000 a side', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const wide = await sharp({ create: { width: 10_000, height: 2_500, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    expect((await sendDocument(psy.token, wide, 'scan.png')).status).toBe(201);
    const [row] = await storedOf(psy.id);
    expect(row.contentType).toBe('image/png');
  });
});

describe('one decode at a time for the whole process', () => {
  it('queues uploads that come at once, documents and avatars alike, and each still gets its answer', async () => {
    const [scan, portrait] = await Promise.all([
      photo(1600, 1200),
      sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    ]);
    const psychologists = await Promise.all(Array.from({ length: 4 }, () => createPsychologist(ctx.app, { verified: false })));
    const patients = await Promise.all(Array.from({ length: 3 }, () => createPatient(ctx.app)));
    const answers = await Promise.all([
      ...psychologists.map((p) => sendDocument(p.token, scan)),
      sendDocument(psychologists[0].token, pdf('Licence'), 'licence.pdf'),
      ...patients.map((p) => sendAvatar(p.token, portrait)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 200, 200, 200]);
    expect(decodeGate.seen.decodes).toBe(8);
    expect(decodeGate.seen.running).toBe(1);
    expect(decodeGate.seen.waiting).toBeGreaterThan(0);
  });
});

describe('uploads per account', () => {
  it('are at most 20 documents in 15 minutes, deleted ones counted too; others still send theirs', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    for (let i = 0; i < 20; i++) {
      const sent = await sendDocument(psy.token, pdf(`Certificate ${i}`), 'c.pdf');
      expect(sent.status).toBe(201);
      const url = `/api/psychologist/documents/${sent.body.id}`;
      expect((await call(ctx.app, { method: 'DELETE', url, token: psy.token })).status).toBe(204);
    }
    decodeGate.resetSeen();
    expectLimited(await sendDocument(psy.token, images.jpeg));
    expect(decodeGate.seen.decodes).toBe(0);
    const other = await createPsychologist(ctx.app, { verified: false });
    expect((await sendDocument(other.token, images.jpeg)).status).toBe(201);
  });

  it('are at most 10 avatars in 15 minutes', async () => {
    const patient = await createPatient(ctx.app);
    for (let i = 0; i < 10; i++) expect((await sendAvatar(patient.token, images.png)).status).toBe(200);
    expectLimited(await sendAvatar(patient.token, images.png));
    expect((await sendAvatar((await createPatient(ctx.app)).token, images.png)).status).toBe(200);
  });
});
