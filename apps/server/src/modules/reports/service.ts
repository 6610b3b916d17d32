import {
  type ClinicalRecord,
  hasVisibleText,
  INSTRUMENTS,
  type Measure,
  RECORD_MAX_BYTES,
  REPORT_SESSION_OUTCOMES,
  type ReportPreview,
  type ReportSessionOutcome,
  type ReportTrend,
  type reportBodySchema,
  type reportPreviewQuerySchema,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { addDays } from '../../lib/time.js';
import { startOfDay, wallOf, whenIn } from '../../lib/zoned.js';
import * as measures from '../measures/service.js';
import * as records from '../records/service.js';
import { reportHtml } from './content.js';
import { reportPdf } from './pdf.js';
import * as repo from './repository.js';

type Period = z.output<typeof reportPreviewQuerySchema>;
type ReportBody = z.output<typeof reportBodySchema>;

const zoneOf = (ctx: ViewerContext) => ctx.user.timeZone ?? ctx.config.timeZone;

function outcomeOf(session: repo.SessionRow, now: Date): ReportSessionOutcome {
  if (session.status === 'CANCELED') return 'CANCELED';
  if (session.status === 'NO_SHOW') return 'NOT_ATTENDED';
  return session.endsAt.getTime() <= now.getTime() ? 'ATTENDED' : 'UPCOMING';
}

/** What a report read of the patient's questionnaires, for its one audit entry: each instrument and how many. */
const readOf = (what: string, period: Period, trends: ReportTrend[]) =>
  `${what}, ${period.from} to ${period.to}: ${trends.map((t) => `${t.instrument} ×${t.count}`).join(', ')}`;

/**
 * What a report about a patient the psychologist treats holds over the period (their own calendar days, in their
 * zone): each session with them and how it went, and each questionnaire's first and last score. Any other patient: 404.
 * The questionnaires read are audited once, naming what the preview shows of them.
 */
export const preview = (ctx: ViewerContext, period: Period): Promise<ReportPreview> =>
  compose(ctx, period, (trends) => readOf('Progress report preview', period, trends));

/** The report's facts; `audited` words the read's own entry, or is null when the caller's entry says what it read. */
async function compose(
  ctx: ViewerContext,
  period: Period,
  audited: ((trends: ReportTrend[]) => string) | null,
): Promise<ReportPreview> {
  const patient = (await records.patientOptions(ctx)).find((p) => p.id === period.patientId);
  if (!patient) throw notFound('Patient');
  const zone = zoneOf(ctx);
  const from = startOfDay(period.from, zone);
  const until = startOfDay(addDays(period.to, 1), zone);
  const now = ctx.clock.instant();
  const pair = { psychologistId: ctx.user.id, patientId: patient.id };
  const [rows, groupSessionsAttended] = await Promise.all([
    repo.sessionsBetween(ctx.db, pair, from, until),
    repo.groupSessionsAttended(ctx.db, pair, from, until),
  ]);
  const sessions = rows.map((row) => {
    const when = whenIn(row.startsAt, row.endsAt, zone);
    return { id: row.id, date: when.date, startTime: when.startTime, endTime: when.endTime, outcome: outcomeOf(row, now) };
  });
  const counts = Object.fromEntries(
    REPORT_SESSION_OUTCOMES.map((o) => [o, sessions.filter((s) => s.outcome === o).length]),
  ) as Record<ReportSessionOutcome, number>;
  const trendsOf = (read: Measure[]): ReportTrend[] => {
    const inPeriod = read.filter((m) => {
      const at = Date.parse(m.createdAt);
      return at >= from.getTime() && at < until.getTime();
    });
    return INSTRUMENTS.map((instrument) => {
      const done = inPeriod.filter((m) => m.instrument === instrument);
      const score = (m: (typeof done)[number] | undefined) =>
        m ? { score: m.score, band: m.band, date: wallOf(new Date(m.createdAt), zone).date } : null;
      return { instrument, count: done.length, first: score(done[0]), last: score(done.at(-1)) };
    });
  };
  const trends = trendsOf(await measures.listAbout(ctx, patient.id, audited && ((read) => audited(trendsOf(read)))));
  return {
    patientId: patient.id,
    patientFirstName: patient.firstName,
    patientLastName: patient.lastName,
    from: period.from,
    to: period.to,
    timeZone: zone,
    sessions,
    counts,
    groupSessionsAttended,
    measures: trends,
  };
}

/** The summary as stored: refused over the note size before parsing, then sanitised like a note, and not empty. */
async function cleanSummary(ctx: ViewerContext, summary: string): Promise<string> {
  if (Buffer.byteLength(summary, 'utf8') > RECORD_MAX_BYTES) {
    throw new AppError(413, 'TOO_LARGE', `A summary may hold at most ${RECORD_MAX_BYTES / 1024} KB`);
  }
  const { html, text } = await sanitizeHtml(summary, 'body.summary', ctx.user.id);
  if (!hasVisibleText(text)) throw badRequest('body.summary', 'Must contain visible text');
  return html;
}

/**
 * Builds the report on the server and keeps it as a clinical note about the patient with the chosen privacy level, so
 * the note rules decide who reads it and it is listed, edited and audited as any note; its one CREATE entry says which
 * questionnaires it read. Answers the note.
 */
export async function create(ctx: ViewerContext, body: ReportBody): Promise<ClinicalRecord> {
  const summary = await cleanSummary(ctx, body.summary);
  // The questionnaires read go on the note's CREATE entry: one report, one entry.
  const facts = await compose(ctx, body, null);
  const content = reportHtml(facts, summary, body.locale ?? (ctx.user.locale === 'uk' ? 'uk' : 'en'));
  return records.create(
    ctx,
    { content, privacyLevel: body.privacyLevel, patientId: body.patientId },
    { from: body.from, to: body.to, read: readOf('Progress report', body, facts.measures) },
  );
}

/** Other areas' HTML laid out as a report is (a data export's summary): escaped text in p, h1–h3, ul and strong. */
export const documentPdf = (input: { html: string; author: string; footer: string }): Promise<Buffer> => reportPdf(input);

/** A report note as a PDF, for whoever may read the note; the file's name tells its period. */
export async function pdf(ctx: ViewerContext, id: number): Promise<{ fileName: string; data: Buffer }> {
  const { record, authorFirstName, authorLastName } = await records.readReport(ctx, id);
  const period = record.report ?? { from: '', to: '' };
  const author = `${authorFirstName} ${authorLastName}`;
  const written = wallOf(new Date(record.createdAt), zoneOf(ctx)).date;
  const data = await reportPdf({ html: record.content, author, footer: `Rozmova · ${author} · ${written}` });
  return { fileName: `progress-report-${period.from}-${period.to}.pdf`, data };
}
