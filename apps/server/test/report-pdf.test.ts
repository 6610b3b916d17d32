import { PDFParse } from 'pdf-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPdfTimeLimit } from '../src/modules/reports/pdf.js';
import type { TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { doctorWithPatient, putRecord } from './records-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());
afterEach(() => setPdfTimeLimit());

const PERIOD = { from: '2026-03-01', to: '2026-03-31' };
/** A summary of `items` list items, the largest a summary's 100 KB and 3,000 elements allow being about 2,900. */
const bigSummary = (items: number, word = 'well') =>
  `<ul>${Array.from({ length: items }, (_, i) => `<li>Day ${i + 1}: slept ${word}</li>`).join('')}</ul>`;

async function report(summary: string, privacyLevel = 'DOCTOR_ONLY') {
  const { doctor, patient } = await doctorWithPatient(ctx.app);
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/doctor/reports',
    token: doctor.token,
    payload: { patientId: patient.id, ...PERIOD, summary, privacyLevel, locale: 'en' },
  });
  expect(res.status).toBe(201);
  return { doctor, patient, note: res.body as { id: number; content: string; version: number } };
}

const getPdf = (who: TestUser, id: number) => call(ctx.app, { method: 'GET', url: `/api/reports/${id}/pdf`, token: who.token });
const wordsOf = async (data: Buffer) =>
  new Set((await new PDFParse({ data: new Uint8Array(data) }).getText()).text.split(/[\s,.:;]+/).filter(Boolean));

describe('GET /api/reports/:id/pdf under load', () => {
  it('keeps answering other requests while large PDFs are made', { timeout: 120_000 }, async () => {
    // Two different reports of some 30 pages each: two PDFs to make.
    const notes = [await report(bigSummary(1_500, 'well')), await report(bigSummary(1_500, 'badly'))];
    let rendering = true;
    let answers = 0;
    const health = (async () => {
      while (rendering) {
        if ((await call(ctx.app, { method: 'GET', url: '/api/health' })).status === 200) answers++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const pdfs = await Promise.all(notes.map(({ doctor, note }) => getPdf(doctor, note.id)));
    rendering = false;
    await health;
    expect(pdfs.map((r) => r.status)).toEqual([200, 200]);
    // Such PDFs take seconds of CPU; made on the request's thread, they held every health check meanwhile.
    expect(answers).toBeGreaterThanOrEqual(50);
  });

  it('makes a report version’s PDF once, and again once the report is edited', async () => {
    const { doctor, patient, note } = await report('<p>First words.</p>');
    const first = await getPdf(doctor, note.id);
    expect(first.status).toBe(200);
    // No PDF could be made within a millisecond: an answer now comes from what was kept.
    setPdfTimeLimit(1);
    const again = await getPdf(doctor, note.id);
    expect(again.status).toBe(200);
    expect(again.raw.rawPayload.equals(first.raw.rawPayload)).toBe(true);

    const edited = await putRecord(ctx.app, doctor.token, note.id, {
      content: note.content.replace('First words.', 'Second thoughts.'),
      privacyLevel: 'DOCTOR_ONLY',
      patientId: patient.id,
      version: note.version,
    });
    expect(edited.status).toBe(200);
    expect((await getPdf(doctor, note.id)).status).toBe(503);
    setPdfTimeLimit();
    const fresh = await getPdf(doctor, note.id);
    expect(fresh.status).toBe(200);
    expect(await wordsOf(fresh.raw.rawPayload)).toContain('thoughts');
  });

  it('gives up a PDF that takes longer than the time limit with a clear 503, and makes the next one', async () => {
    const { doctor, note } = await report(bigSummary(500));
    setPdfTimeLimit(1);
    const slow = await getPdf(doctor, note.id);
    expect(slow.status).toBe(503);
    expect(slow.body).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/PDF took too long/) });
    setPdfTimeLimit();
    const res = await getPdf(doctor, note.id);
    expect(res.status).toBe(200);
    expect(await wordsOf(res.raw.rawPayload)).toContain('500');
  });

  it('takes 30 PDFs per account in 15 minutes, then answers 429 with Retry-After', async () => {
    const { doctor, patient, note } = await report('<p>Shared.</p>', 'DOCTOR_PATIENT_MANAGER');
    for (let i = 0; i < 30; i++) expect((await getPdf(doctor, note.id)).status).toBe(200);
    const refused = await getPdf(doctor, note.id);
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getPdf(patient, note.id)).status).toBe(200);
  });
});

describe('the PDF of deeply nested rich text', () => {
  it('keeps every word of 31 nested quotes, and of lists and quotes inside list items and headings', async () => {
    const levels = Array.from({ length: 31 }, (_, i) => `quoted${i + 1}`);
    const quotes = levels.reduceRight((inner, word) => `<blockquote><p>${word} words</p>${inner}</blockquote>`, '');
    const mixed =
      '<ul><li><p>outeritem</p><blockquote><ul><li><p>quoteditem</p></li></ul></blockquote><p>afteritem</p></li></ul>' +
      '<h3>heading<ul><li>headingitem</li></ul></h3><ol><li>first<ol><li>nested<ol><li>deepest</li></ol></li></ol></li></ol>';
    const { doctor, note } = await report(`${quotes}${mixed}`);
    const res = await getPdf(doctor, note.id);
    expect(res.status).toBe(200);
    const words = await wordsOf(res.raw.rawPayload);
    const expected = [...levels, 'outeritem', 'quoteditem', 'afteritem', 'heading', 'headingitem', 'first', 'nested', 'deepest'];
    expect(expected.filter((w) => !words.has(w))).toEqual([]);
  });
});
