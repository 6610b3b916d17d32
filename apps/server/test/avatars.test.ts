import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users } from '../src/db/schema/index.js';
import { platformSpan } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { fileUpload, images, jpegDeclaring, multipart, pngDeclaring, pngOfSize, webpDeclaring } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** Whether two images show the same picture: same size, and channels on average at most `tolerance` apart. */
async function samePicture(a: Buffer, b: Buffer, tolerance: number): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) return false;
  let apart = 0;
  x.data.forEach((v, i) => {
    apart += Math.abs(v - y.data[i]);
  });
  return apart / x.data.length <= tolerance;
}

const upload = (token: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  call(ctx.app, { method: 'POST', url: '/api/images/avatar', token, ...body });
const ownAvatar = (token: string, headers: Record<string, string> = {}) =>
  call(ctx.app, { method: 'GET', url: '/api/images/avatar', token, headers });
const avatarOf = (id: number, token: string, headers: Record<string, string> = {}) =>
  call(ctx.app, { method: 'GET', url: `/api/psychologist/profile/avatar/${id}`, token, headers });

async function book(psychologistId: number, patientId: number, status: 'CONFIRMED' | 'CANCELED' = 'CONFIRMED') {
  await ctx.app.db.insert(appointments).values({
    psychologistId,
    patientId,
    ...platformSpan('2030-01-07', '10:00', '11:00'),
    status,
    videoCallRoomId: randomUUID(),
  });
}

describe('avatar upload', () => {
  it.each([
    ['JPEG', images.jpeg, 'image/jpeg'],
    ['PNG', images.png, 'image/png'],
    ['WebP', images.webp, 'image/webp'],
  ])('accepts a real %s image and serves the same picture, written anew, with its type', async (_name, bytes, type) => {
    const psy = await createPsychologist(ctx.app);
    // The declared name and type are deliberately wrong: only the bytes count.
    const res = await upload(psy.token, fileUpload(bytes, 'picture.bin', 'application/octet-stream'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ avatarUrl: `/api/psychologist/profile/avatar/${psy.id}` });
    const got = await ownAvatar(psy.token);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe(type);
    expect(await samePicture(got.raw.rawPayload, bytes, type === 'image/png' ? 0 : 12)).toBe(true);
  });

  it('replaces the previous avatar', async () => {
    const patient = await createPatient(ctx.app);
    expect((await upload(patient.token, fileUpload(images.png))).status).toBe(200);
    expect((await upload(patient.token, fileUpload(images.jpeg, 'me.jpg', 'image/jpeg'))).status).toBe(200);
    const got = await ownAvatar(patient.token);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(got.raw.rawPayload).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image at all'), 'notes.png', 'image/png'],
    ['a GIF', images.gif, 'avatar.gif', 'image/gif'],
    ['a GIF declared as PNG', images.gif, 'avatar.png', 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '), 'a.webp', 'image/webp'],
  ])('refuses %s with 415 and keeps the old avatar', async (_name, bytes, filename, type) => {
    const psy = await createPsychologist(ctx.app);
    await upload(psy.token, fileUpload(images.png));
    const before = (await ownAvatar(psy.token)).raw.rawPayload;
    const res = await upload(psy.token, fileUpload(bytes, filename, type));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA' });
    expect((await ownAvatar(psy.token)).raw.rawPayload.equals(before)).toBe(true);
  });

  it('accepts exactly 256 KB and refuses one byte more with 413', async () => {
    const psy = await createPsychologist(ctx.app);
    const atLimit = pngOfSize(AVATAR_MAX_BYTES);
    expect(atLimit.length).toBe(256 * 1024);
    expect((await upload(psy.token, fileUpload(atLimit))).status).toBe(200);
    const stored = (await ownAvatar(psy.token)).raw.rawPayload;
    // The padding chunk is not part of the picture, so it is not kept.
    expect(stored.length).toBeLessThan(1024);

    const over = await upload(psy.token, fileUpload(pngOfSize(AVATAR_MAX_BYTES + 1)));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ statusCode: 413, code: 'TOO_LARGE' });
    expect((await ownAvatar(psy.token)).raw.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses a PNG far past the limit (beyond the 1 MB request limit too) with 413', async () => {
    const patient = await createPatient(ctx.app);
    const res = await upload(patient.token, fileUpload(pngOfSize(3 * 1024 * 1024)));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('TOO_LARGE');
    expect((await ownAvatar(patient.token)).status).toBe(404);
  });

  it('asks for the field "file" when it is missing or empty', async () => {
    const psy = await createPsychologist(ctx.app);
    const cases = [
      multipart([{ name: 'comment', data: 'no file here' }]),
      multipart([{ name: 'avatar', data: images.png, filename: 'a.png', contentType: 'image/png' }]),
      multipart([]),
      fileUpload(Buffer.alloc(0)),
    ];
    for (const body of cases) {
      const res = await upload(psy.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'file' }] });
    }
  });

  it('takes the file after other fields, and refuses an upload with too many parts with 413', async () => {
    const psy = await createPsychologist(ctx.app);
    const withNote = multipart([
      { name: 'note', data: 'my new photo' },
      { name: 'file', data: images.webp, filename: 'me.webp', contentType: 'image/webp' },
    ]);
    expect((await upload(psy.token, withNote)).status).toBe(200);
    const before = (await ownAvatar(psy.token)).raw.rawPayload;
    expect((await sharp(before).metadata()).format).toBe('webp');
    const crowded = multipart(Array.from({ length: 10 }, (_, i) => ({ name: `field${i}`, data: 'x' })));
    const res = await upload(psy.token, crowded);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'TOO_LARGE', message: expect.stringContaining('too many parts') });
    expect((await ownAvatar(psy.token)).raw.rawPayload.equals(before)).toBe(true);
  });

  it('answers a body that is not multipart with a JSON 415, never a 500', async () => {
    const psy = await createPsychologist(ctx.app);
    const attempts = [
      { payload: { file: 'x' } },
      { payload: images.png, headers: { 'content-type': 'image/png' } },
      { payload: 'file', headers: { 'content-type': 'text/plain' } },
      {},
    ];
    for (const attempt of attempts) {
      const res = await call(ctx.app, { method: 'POST', url: '/api/images/avatar', token: psy.token, ...attempt });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA' });
    }
  });

  it('answers a malformed multipart body with 400', async () => {
    const psy = await createPsychologist(ctx.app);
    const noBoundary = await call(ctx.app, {
      method: 'POST',
      url: '/api/images/avatar',
      token: psy.token,
      payload: images.png,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    const { payload, headers } = fileUpload(images.png);
    const cut = await upload(psy.token, { payload: payload.subarray(0, payload.length - 30), headers });
    expect(cut.status).toBe(400);
    expect(cut.body.code).toBe('VALIDATION');
  });

  it('lets only patients and psychologists upload, and only when signed in', async () => {
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    expect((await upload(manager.token, fileUpload(images.png))).status).toBe(403);
    expect((await ownAvatar(manager.token)).status).toBe(403);
    const anonymous = await call(ctx.app, { method: 'POST', url: '/api/images/avatar', ...fileUpload(images.png) });
    expect(anonymous.status).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/images/avatar' })).status).toBe(401);
  });

  it('answers 404 for the own avatar when there is none', async () => {
    const psy = await createPsychologist(ctx.app);
    const res = await ownAvatar(psy.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('serving avatars', () => {
  it('sends the stored type, nosniff, private caching and an ETag, and 304 when it still matches', async () => {
    const psy = await createPsychologist(ctx.app);
    const viewer = await createPatient(ctx.app);
    await upload(psy.token, fileUpload(images.webp, 'x.webp', 'image/webp'));

    const res = await avatarOf(psy.id, viewer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await avatarOf(psy.id, viewer.token, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await avatarOf(psy.id, viewer.token, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await ownAvatar(psy.token, { 'if-none-match': etag })).status).toBe(304);

    await upload(psy.token, fileUpload(images.jpeg, 'x.jpg', 'image/jpeg'));
    const changed = await avatarOf(psy.id, viewer.token, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-type']).toBe('image/jpeg');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('makes the owner revalidate their own avatar so a new upload shows at once', async () => {
    const psy = await createPsychologist(ctx.app);
    await upload(psy.token, fileUpload(images.png));
    expect((await ownAvatar(psy.token)).headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect((await avatarOf(psy.id, psy.token)).headers['cache-control']).toBe('private, max-age=0, must-revalidate');
  });

  it("shows a psychologist's avatar to any signed-in user", async () => {
    const psy = await createPsychologist(ctx.app);
    await upload(psy.token, fileUpload(images.png));
    const own = (await ownAvatar(psy.token)).raw.rawPayload;
    for (const role of ['PATIENT', 'PSYCHOLOGIST', 'MANAGER', 'ADMIN'] as const) {
      const viewer = await createUser(ctx.app, { role });
      const res = await avatarOf(psy.id, viewer.token);
      expect(res.status).toBe(200);
      expect(res.raw.rawPayload.equals(own)).toBe(true);
    }
    expect((await call(ctx.app, { method: 'GET', url: `/api/psychologist/profile/avatar/${psy.id}` })).status).toBe(401);
  });

  it("shows an unverified psychologist's avatar only to themself, managers and admins", async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    await upload(psy.token, fileUpload(images.png));
    expect((await avatarOf(psy.id, psy.token)).status).toBe(200);
    for (const role of ['MANAGER', 'ADMIN'] as const) {
      expect((await avatarOf(psy.id, (await createUser(ctx.app, { role })).token)).status).toBe(200);
    }
    for (const viewer of [await createPatient(ctx.app), await createPsychologist(ctx.app)]) {
      const res = await avatarOf(psy.id, viewer.token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it("shows a patient's avatar only to the patient and psychologists who have or had a session with them", async () => {
    const patient = await createPatient(ctx.app);
    await upload(patient.token, fileUpload(images.jpeg, 'me.jpg', 'image/jpeg'));
    const treating = await createPsychologist(ctx.app);
    const formerly = await createPsychologist(ctx.app);
    const stranger = await createPsychologist(ctx.app);
    const otherPatient = await createPatient(ctx.app);
    const manager = await createUser(ctx.app, { role: 'MANAGER' });
    await book(treating.id, patient.id);
    await book(formerly.id, patient.id, 'CANCELED');

    expect((await avatarOf(patient.id, patient.token)).status).toBe(200);
    expect((await avatarOf(patient.id, treating.token)).status).toBe(200);
    // A booking that was cancelled joins no one.
    for (const viewer of [formerly, stranger, otherPatient, manager]) {
      const res = await avatarOf(patient.id, viewer.token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for an unknown user, a user without avatar, and a disabled psychologist', async () => {
    const viewer = await createPatient(ctx.app);
    const bare = await createPsychologist(ctx.app);
    const disabled = await createPsychologist(ctx.app);
    await upload(disabled.token, fileUpload(images.png));
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    for (const id of [2_000_000_000, bare.id, disabled.id]) {
      const res = await avatarOf(id, viewer.token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    expect((await avatarOf(0, viewer.token)).status).toBe(400);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/psychologist/profile/avatar/abc', token: viewer.token })).status,
    ).toBe(400);
  });
});

describe('image dimensions and body bounds', () => {
  const refusedKeepingOld = async (bytes: Buffer, status: number) => {
    const psy = await createPsychologist(ctx.app);
    await upload(psy.token, fileUpload(images.png));
    const before = (await ownAvatar(psy.token)).raw.rawPayload;
    const res = await upload(psy.token, fileUpload(bytes));
    expect(res.status).toBe(status);
    expect((await ownAvatar(psy.token)).raw.rawPayload.equals(before)).toBe(true);
    return res;
  };

  it.each([
    ['a PNG whose IHDR says 9000×9000', pngDeclaring(9000, 9000)],
    ['a PNG 2049 pixels wide', pngDeclaring(2049, 1)],
    ['a PNG whose IHDR says 100000×100000 (past the decoder’s own limit)', pngDeclaring(100_000, 100_000)],
    ['a JPEG whose SOF says 9000×9000', jpegDeclaring(9000, 9000)],
    ['a JPEG 2049 pixels tall', jpegDeclaring(1, 2049)],
    ['a lossy WebP of 9000×9000', webpDeclaring('VP8', 9000, 9000)],
    ['a lossless WebP of 9000×9000', webpDeclaring('VP8L', 9000, 9000)],
    ['an extended WebP canvas of 9000×9000', webpDeclaring('VP8X', 9000, 9000)],
  ])('refuses %s with 400 and keeps the old avatar', async (_name, bytes) => {
    const res = await refusedKeepingOld(bytes, 400);
    expect(res.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      fields: [{ field: 'file', message: expect.stringContaining('2048') }],
    });
  });

  it('accepts images of exactly 2048×2048 and stores them at 512×512', async () => {
    const psy = await createPsychologist(ctx.app);
    const square = sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#3a7' } });
    for (const bytes of await Promise.all([
      square.clone().png().toBuffer(),
      square.clone().jpeg().toBuffer(),
      square.clone().webp().toBuffer(),
    ])) {
      expect((await upload(psy.token, fileUpload(bytes))).status).toBe(200);
      const stored = await sharp((await ownAvatar(psy.token)).raw.rawPayload).metadata();
      expect([stored.width, stored.height]).toEqual([512, 512]);
    }
  });

  it('keeps nothing of an upload but its picture: no EXIF or GPS, no bytes after the image, upright, at most 512 px', async () => {
    const psy = await createPsychologist(ctx.app);
    // 1000×600 as stored, shown 600×1000: orientation 6 turns it a quarter.
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#a53' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 0/1' } })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect((await upload(psy.token, fileUpload(photo))).status).toBe(200);
    const stored = (await ownAvatar(psy.token)).raw.rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 307, 512, undefined, undefined]);
    expect(stored.includes('PhoneMaker')).toBe(false);

    const withHtml = Buffer.concat([images.png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    expect((await upload(psy.token, fileUpload(withHtml))).status).toBe(200);
    const png = (await ownAvatar(psy.token)).raw.rawPayload;
    expect(png.includes('<script>')).toBe(false);
    expect(await samePicture(png, images.png, 0)).toBe(true);
  });

  it.each([
    ['a PNG signature without IHDR', Buffer.concat([images.png.subarray(0, 8), Buffer.from('junk that is not a chunk')])],
    ['a PNG declaring 0×0', pngDeclaring(0, 0)],
    ['a JPEG whose scan starts before any frame header', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9])],
    ['a JPEG cut off inside its first segment', images.jpeg.subarray(0, 8)],
    ['a WebP with an unknown first chunk', Buffer.concat([Buffer.from('RIFF\x20\x00\x00\x00WEBPABCD'), Buffer.alloc(20)])],
  ])('refuses %s as unreadable with 400', async (_name, bytes) => {
    const res = await refusedKeepingOld(bytes, 400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'file' }] });
  });

  it('bounds the whole body, text parts included, before reading it', async () => {
    const psy = await createPsychologist(ctx.app);
    const longNote = multipart([
      { name: 'note', data: 'x'.repeat(2048) },
      { name: 'file', data: images.png, filename: 'a.png', contentType: 'image/png' },
    ]);
    expect((await upload(psy.token, longNote)).status).toBe(200);
    const hugeNote = multipart([
      { name: 'note', data: 'x'.repeat(400 * 1024) },
      { name: 'file', data: images.png, filename: 'a.png', contentType: 'image/png' },
    ]);
    const res = await upload(psy.token, hugeNote);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('TOO_LARGE');
  });

  it('asks for a declared length when the body streams without one', async () => {
    const psy = await createPsychologist(ctx.app);
    const { payload, headers } = fileUpload(images.png);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/images/avatar',
      token: psy.token,
      headers,
      payload: Readable.from([payload]),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'file' }] });
  });
});
