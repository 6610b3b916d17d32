import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationDocuments } from '../src/db/schema/index.js';
import { sealBytes } from '../src/lib/records-cipher.js';
import { createPsychologist, createUser, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { multipart } from './fixtures/images.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.app, { role: 'ADMIN' });
});
afterAll(() => ctx.close());

/** Sends the PDF as a new psychologist's diploma; answers the psychologist and the stored document's id. */
async function sendDiploma(data: Buffer): Promise<{ psy: TestUser; id: number }> {
  const psy = await createPsychologist(ctx.app, { verified: false });
  const sent = await call(ctx.app, {
    method: 'POST',
    url: '/api/psychologist/documents',
    token: psy.token,
    ...multipart([
      { name: 'kind', data: 'DIPLOMA' },
      { name: 'file', data, filename: 'diploma.pdf', contentType: 'application/pdf' },
    ]),
  });
  expect(sent.status).toBe(201);
  return { psy, id: sent.body.id };
}

/** Sends the PDF as a psychologist's diploma and answers what an admin's viewer is then served. */
async function servedToAdmin(data: Buffer): Promise<Buffer> {
  const { id } = await sendDiploma(data);
  const file = await call(ctx.app, { method: 'GET', url: `/api/admin/documents/${id}/file`, token: admin.token });
  expect(file.status).toBe(200);
  return file.raw.rawPayload;
}

const pdfText = async (data: Buffer) => (await new PDFParse({ data: new Uint8Array(data) }).getText()).text;
const ACTIVE = ['/JavaScript', '/JS', '/OpenAction', '/AA', '/Launch', '/EmbeddedFile', '/EF', 'app.alert', 'calc.exe'];
const activeParts = (data: Buffer) => ACTIVE.filter((marker) => data.includes(marker));

/** A diploma that does all a PDF can to run something, built by a PDF library with its scripts in compressed object streams. */
async function hostileDiploma(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Diploma of Olena', { x: 20, y: 100, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  const { context } = doc;
  const script = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  const link = (action: Record<string, unknown>) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: context.obj(action as never) }));
  const attachment = context.register(context.stream('MZ payload', { Type: 'EmbeddedFile' }));
  doc.catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("opened")')));
  doc.catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: context.obj({ Names: [PDFString.of('startup'), context.register(script('app.alert("named")'))] }),
      EmbeddedFiles: context.obj({
        Names: [PDFString.of('tool.exe'), context.obj({ Type: 'Filespec', F: PDFString.of('tool.exe'), EF: { F: attachment } })],
      }),
    }),
  );
  page.node.set(PDFName.of('AA'), context.obj({ O: script('app.alert("page")') }));
  page.node.set(
    PDFName.of('Annots'),
    context.obj([
      link({ S: 'Launch', F: PDFString.of('calc.exe') }),
      link({ S: 'URI', URI: PDFString.of('javascript:app.alert(1)') }),
      link({ S: 'GoTo', D: [page.ref, PDFName.of('Fit')], Next: script('app.alert("chained")') }),
      link({ S: 'URI', URI: PDFString.of('https://example.org/registry') }),
    ]),
  );
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('uploaded PDFs are written anew', () => {
  it('without the script a hand-written catalog opens with, however its name is spelt', async () => {
    for (const key of ['/OpenAction', '/Open#41ction']) {
      const upload = pdf('Diploma of Olena', { catalog: `${key} << /S /JavaScript /JS (app.alert\\(1\\)) >> ` });
      const served = await servedToAdmin(upload);
      expect({ key, active: activeParts(served) }).toEqual({ key, active: [] });
      expect(served.includes('Open#41ction')).toBe(false);
      expect(await pdfText(served)).toContain('Diploma of Olena');
    }
  });

  it('without scripts, open and page actions, launches, embedded files or script links; the page and web links stay', async () => {
    const upload = await hostileDiploma();
    const served = await servedToAdmin(upload);
    expect(activeParts(served)).toEqual([]);
    expect(served.includes('javascript:')).toBe(false);
    expect(served.includes('MZ payload')).toBe(false);
    expect(served.includes('https://example.org/registry')).toBe(true);
    expect(await pdfText(served)).toContain('Diploma of Olena');

    // What a viewer reads of it, object by object: nothing that runs is left, compressed or not.
    const reread = await PDFDocument.load(served);
    const objects = reread.context.enumerateIndirectObjects().map(([, object]) => object.toString());
    expect(objects.filter((o) => /JavaScript|OpenAction|\/AA|Launch|EmbeddedFile/.test(o))).toEqual([]);
    expect(reread.getPageCount()).toBe(1);
  });

  it('refuses a PDF without pages as unreadable', async () => {
    const psy = await createPsychologist(ctx.app, { verified: false });
    const empty = pdf('x').toString('latin1').replace('/Kids [3 0 R] /Count 1', '/Kids []      /Count 0');
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/psychologist/documents',
      token: psy.token,
      ...multipart([
        { name: 'kind', data: 'DIPLOMA' },
        { name: 'file', data: Buffer.from(empty, 'latin1'), filename: 'empty.pdf', contentType: 'application/pdf' },
      ]),
    });
    expect([res.status, res.body.code]).toEqual([400, 'DOCUMENT_UNREADABLE']);
  });

  it('writes anew a PDF stored before uploads were, on its first open, and keeps it so', async () => {
    const { psy, id } = await sendDiploma(pdf('placeholder'));
    // As an upload of before: the hostile file stored as it came, sealed as documents are, marked not written anew.
    const legacy = await hostileDiploma();
    const aad = `document:${id}:psychologist:${psy.id}:type:application/pdf`;
    await ctx.app.db
      .update(verificationDocuments)
      .set({ ...sealBytes(ctx.app.config.recordsKeyring, legacy, aad), size: legacy.length, rewritten: false })
      .where(eq(verificationDocuments.id, id));

    const open = async () =>
      (await call(ctx.app, { method: 'GET', url: `/api/admin/documents/${id}/file`, token: admin.token })).raw.rawPayload;
    const first = await open();
    expect(activeParts(first)).toEqual([]);
    expect(await pdfText(first)).toContain('Diploma of Olena');
    const [row] = await ctx.app.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id));
    expect([row.rewritten, row.size]).toEqual([true, first.length]);
    expect((await open()).equals(first)).toBe(true);
  });
});
