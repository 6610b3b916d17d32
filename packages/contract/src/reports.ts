import { z } from 'zod';
import { bodyIdSchema, idSchema, inputString, isoDateSchema, localeSchema } from './common.js';
import { instrumentSchema, severityBandSchema } from './measures.js';
import { privacyLevelSchema } from './records.js';

/** A progress report covers at most this many days, both ends included. */
export const REPORT_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** from ≤ to and at most REPORT_MAX_DAYS days, both ends included; dates are the psychologist's own calendar days. */
const checkPeriod = (p: { from: string; to: string }, issue: z.core.$RefinementCtx) => {
  const days = dayNumber(p.to) - dayNumber(p.from) + 1;
  if (days < 1) issue.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from' });
  else if (days > REPORT_MAX_DAYS) {
    issue.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
  }
};

/** GET /api/doctor/reports/preview: what a report about the patient over the period would hold. */
export const reportPreviewQuerySchema = z
  .object({ patientId: idSchema, from: isoDateSchema, to: isoDateSchema })
  .superRefine(checkPeriod);
export type ReportPreviewQuery = z.input<typeof reportPreviewQuerySchema>;

/**
 * POST /api/doctor/reports: the report is built on the server from the sessions and questionnaires of the period, in
 * `locale` (default: the psychologist's own), with the summary (rich text, sanitised like a note) after them.
 */
export const reportBodySchema = z
  .object({
    patientId: bodyIdSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    summary: inputString(),
    privacyLevel: privacyLevelSchema.default('DOCTOR_ONLY'),
    locale: localeSchema.optional(),
  })
  .superRefine(checkPeriod);
export type ReportBody = z.input<typeof reportBodySchema>;

/** How a session of the period went: held, cancelled, missed by the patient, or still to come. */
export const REPORT_SESSION_OUTCOMES = ['ATTENDED', 'CANCELED', 'NOT_ATTENDED', 'UPCOMING'] as const;
export const reportSessionOutcomeSchema = z.enum(REPORT_SESSION_OUTCOMES);
export type ReportSessionOutcome = z.infer<typeof reportSessionOutcomeSchema>;

export const reportSessionSchema = z.object({
  id: z.number().int(),
  /** The psychologist's wall clock. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  outcome: reportSessionOutcomeSchema,
});
export type ReportSession = z.infer<typeof reportSessionSchema>;

const reportScoreSchema = z.object({ score: z.number().int(), band: severityBandSchema, date: z.string() });

/** One questionnaire over the period: how many were filled, the first and the last (null when none was). */
export const reportTrendSchema = z.object({
  instrument: instrumentSchema,
  count: z.number().int(),
  first: reportScoreSchema.nullable(),
  last: reportScoreSchema.nullable(),
});
export type ReportTrend = z.infer<typeof reportTrendSchema>;

export const reportPreviewSchema = z.object({
  patientId: z.number().int(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Oldest first. */
  sessions: z.array(reportSessionSchema),
  counts: z.record(reportSessionOutcomeSchema, z.number().int()),
  /** Sessions of the psychologist's group programs in the period that the patient was marked as having attended. */
  groupSessionsAttended: z.number().int(),
  measures: z.array(reportTrendSchema),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;
