import {
  type ClinicalRecord,
  type DoctorReview,
  hasVisibleText,
  type PrivacyLevel,
  RECORD_MAX_BYTES,
  RECORDS_PAGE_SIZE,
  RECORDS_UNPAGED_MAX,
  type RecordPage,
  type RecordPatientOption,
  type recordBodySchema,
  type recordUpdateSchema,
} from '@rozmova/contract';
import type { z } from 'zod';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, stale } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { open, seal } from '../../lib/records-cipher.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import * as repo from './repository.js';

type RecordBody = z.output<typeof recordBodySchema>;
type RecordUpdate = z.output<typeof recordUpdateSchema>;
type RecordKey = { id: number; authorId: number; patientId: number | null; privacyLevel: PrivacyLevel };

/** Binds the ciphertext to its row: moved to another, or with its author, patient or privacy altered, it will not open. */
const aadOf = (r: RecordKey) => `record:${r.id}:author:${r.authorId}:patient:${r.patientId ?? '-'}:privacy:${r.privacyLevel}`;

function toRecord(ctx: ViewerContext, row: repo.RecordRow): ClinicalRecord {
  return {
    id: row.id,
    content: open(ctx.config.recordsKeyring, row, aadOf(row)),
    privacyLevel: row.privacyLevel,
    patientId: row.patientId,
    patientFirstName: row.patientFirstName,
    patientLastName: row.patientLastName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    report: row.reportFrom && row.reportTo ? { from: row.reportFrom, to: row.reportTo } : null,
  };
}

/**
 * The note's HTML as stored: refused over the size limit before any parsing, then sanitised in the author's turn, and
 * not empty.
 */
async function cleanContent(ctx: ViewerContext, content: string): Promise<string> {
  if (Buffer.byteLength(content, 'utf8') > RECORD_MAX_BYTES) {
    throw new AppError(413, 'TOO_LARGE', `A record may hold at most ${RECORD_MAX_BYTES / 1024} KB`);
  }
  const { html, text } = await sanitizeHtml(content, 'body.content', ctx.user.id);
  if (!hasVisibleText(text)) throw badRequest('body.content', 'Must contain visible text');
  return html;
}

/** A note may be about no one or about a patient the author treats; any other patient does not exist for them. */
async function checkPatient(ctx: ViewerContext, db: Db, patientId: number | null): Promise<void> {
  if (patientId !== null && (await repo.treatedPatients(db, ctx.user.id, patientId)).length === 0) {
    throw notFound('Patient');
  }
}

/**
 * Readable records matching `only`, each with its opened content; each one read by someone other than its author is
 * audited with the read.
 */
async function readOpened(
  ctx: ViewerContext,
  only: repo.RecordFilter,
  window?: { limit: number; offset?: number },
): Promise<{ row: repo.RecordRow; record: ClinicalRecord }[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.listReadable(tx, ctx.user, only, window);
    const result = rows.map((row) => ({ row, record: toRecord(ctx, row) }));
    const outside = rows.filter((row) => row.authorId !== ctx.user.id);
    await audit(
      ctx,
      tx,
      outside.map(({ id, patientId }) => ({ action: 'READ', recordId: id, patientId })),
    );
    return result;
  });
}

const read = async (
  ctx: ViewerContext,
  only: repo.RecordFilter,
  window?: { limit: number; offset?: number },
): Promise<ClinicalRecord[]> => (await readOpened(ctx, only, window)).map((r) => r.record);

/**
 * The notes about a patient that their psychologists shared with the viewer (for a manager: DOCTOR_MANAGER and
 * DOCTOR_PATIENT_MANAGER notes about a patient they follow), grouped by author in order of name; newest first.
 */
export async function reviewsAbout(ctx: ViewerContext, patientId: number): Promise<DoctorReview[]> {
  const groups = new Map<number, DoctorReview>();
  for (const { row, record } of await readOpened(ctx, { patientId })) {
    if (row.authorId === ctx.user.id) continue;
    const group = groups.get(row.authorId) ?? {
      doctorId: row.authorId,
      doctorFirstName: row.authorFirstName,
      doctorLastName: row.authorLastName,
      reviews: [],
    };
    group.reviews.push({ id: record.id, date: record.createdAt, comment: record.content });
    groups.set(row.authorId, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.doctorLastName.localeCompare(b.doctorLastName) ||
      a.doctorFirstName.localeCompare(b.doctorFirstName) ||
      a.doctorId - b.doctorId,
  );
}

/**
 * The psychologist's own notes, newest first: a page when `page` or `size` is asked for, else the newest
 * RECORDS_UNPAGED_MAX as a bare list (the spec's client reads it so).
 */
export async function listOwn(
  ctx: ViewerContext,
  query: { page?: number; size?: number },
): Promise<ClinicalRecord[] | RecordPage> {
  const only = { authorId: ctx.user.id };
  if (query.page === undefined && query.size === undefined) return read(ctx, only, { limit: RECORDS_UNPAGED_MAX });
  const asked = { page: query.page ?? 0, size: query.size ?? RECORDS_PAGE_SIZE };
  const content = await read(ctx, only, pageWindow(asked));
  return toPage(content, await repo.countReadable(ctx.db, ctx.user, only), asked);
}

/** The notes about the signed-in patient that their psychologist shared with them. */
export const listAboutMe = (ctx: ViewerContext) => read(ctx, { patientId: ctx.user.id });

async function readOwn(ctx: ViewerContext, id: number): Promise<ClinicalRecord> {
  const [record] = await read(ctx, { id, authorId: ctx.user.id });
  return record;
}

/** A progress report's period, stored beside the note it is saved as, and what it read (its CREATE entry's detail). */
export type ReportPeriod = { from: string; to: string; read?: string };

export async function create(ctx: ViewerContext, body: RecordBody, report?: ReportPeriod): Promise<ClinicalRecord> {
  const html = await cleanContent(ctx, body.content);
  const id = await ctx.db.transaction(async (tx) => {
    await checkPatient(ctx, tx, body.patientId);
    const key = {
      id: await repo.nextRecordId(tx),
      authorId: ctx.user.id,
      patientId: body.patientId,
      privacyLevel: body.privacyLevel,
    };
    const now = ctx.clock.instant();
    const period = { reportFrom: report?.from ?? null, reportTo: report?.to ?? null };
    const sealed = seal(ctx.config.recordsKeyring, html, aadOf(key));
    await repo.insertRecord(tx, { ...key, ...sealed, ...period, createdAt: now, updatedAt: now });
    await audit(ctx, tx, [{ action: 'CREATE', recordId: key.id, patientId: key.patientId, detail: report?.read }]);
    return key.id;
  });
  return readOwn(ctx, id);
}

/**
 * A progress report the viewer may read by the note rules (its author; a manager or the patient as its privacy level
 * shares it), with its author's name; anything else is 404. A read by someone other than its author is audited.
 */
export async function readReport(
  ctx: ViewerContext,
  id: number,
): Promise<{ record: ClinicalRecord; authorFirstName: string; authorLastName: string }> {
  const [found] = await readOpened(ctx, { id, reportsOnly: true });
  if (!found) throw notFound('Report');
  return { record: found.record, authorFirstName: found.row.authorFirstName, authorLastName: found.row.authorLastName };
}

export async function update(ctx: ViewerContext, input: { id: number; body: RecordUpdate }): Promise<ClinicalRecord> {
  const { body } = input;
  const html = await cleanContent(ctx, body.content);
  await ctx.db.transaction(async (tx) => {
    const key = { id: input.id, authorId: ctx.user.id, patientId: body.patientId, privacyLevel: body.privacyLevel };
    const sealed = seal(ctx.config.recordsKeyring, html, aadOf(key));
    const values = { patientId: key.patientId, privacyLevel: key.privacyLevel, ...sealed, updatedAt: ctx.clock.instant() };
    const outcome = await repo.updateRecord(tx, ctx.user, input.id, values, body.version);
    if (outcome === 'missing') throw notFound('Record');
    if (outcome === 'stale') throw stale('The record');
    await checkPatient(ctx, tx, body.patientId);
    await audit(ctx, tx, [{ action: 'UPDATE', recordId: key.id, patientId: key.patientId }]);
  });
  return readOwn(ctx, input.id);
}

export async function remove(ctx: ViewerContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteRecord(tx, ctx.user, id);
    if (!removed) throw notFound('Record');
    await audit(ctx, tx, [{ action: 'DELETE', recordId: id, patientId: removed.patientId }]);
  });
}

export const patientOptions = (ctx: ViewerContext): Promise<RecordPatientOption[]> => repo.treatedPatients(ctx.db, ctx.user.id);

/** The kept notes of a deleted account (about the patient, or by the psychologist), purged after the retention. */
export const purgeRecordsOf = (ctx: Pick<ViewerContext, 'db'>, userId: number): Promise<number> =>
  repo.deleteAllOf(ctx.db, userId);
