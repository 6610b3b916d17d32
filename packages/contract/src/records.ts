import { z } from 'zod';
import { bodyIdSchema, inputString, versionSchema } from './common.js';
import { optionalPageQuerySchema, pageSchema } from './paging.js';

/** Who may read a note besides its author; DOCTOR_ONLY is the default for a new note. */
export const PRIVACY_LEVELS = ['DOCTOR_ONLY', 'DOCTOR_MANAGER', 'DOCTOR_PATIENT_MANAGER'] as const;
export const privacyLevelSchema = z.enum(PRIVACY_LEVELS);
export type PrivacyLevel = z.infer<typeof privacyLevelSchema>;

/** Rich HTML of a note, at most this many bytes (UTF-8) before sanitising; larger is 413. */
export const RECORD_MAX_BYTES = 100 * 1024;

/**
 * Rich text (notes, reviews) nested deeper or holding more elements than the editor makes is refused (400
 * MARKUP_TOO_COMPLEX) before it is parsed: the editor nests a few levels (lists in lists, marks in a quote), and a
 * page of its output holds far fewer elements.
 */
export const RICH_TEXT_MAX_DEPTH = 32;
export const RICH_TEXT_MAX_ELEMENTS = 3000;

/**
 * The sanitiser's allow-list for rich text (notes, reviews), on the server before storing and in the browser before
 * showing: what the web editor (TipTap StarterKit + Underline + Link) makes, and nothing else. Links keep only an
 * absolute http(s) or mailto href (javascript:, data:, vbscript: and relative ones are dropped).
 */
export const RICH_TEXT_ALLOW_LIST = {
  tags: [
    ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'a'],
  ],
  attributes: ['href'],
  uris: /^(?:https?:\/\/|mailto:)/i,
};

export const recordBodySchema = z.object({
  content: inputString(),
  privacyLevel: privacyLevelSchema.default('DOCTOR_ONLY'),
  /** null (or absent): a note for myself; otherwise one of this psychologist's patients. */
  patientId: bodyIdSchema.nullish().transform((v) => v ?? null),
});
export type RecordBody = z.input<typeof recordBodySchema>;

/** PUT: the whole note again; patientId must be said (null: for myself), so leaving it out cannot detach the note. */
export const recordUpdateSchema = recordBodySchema.extend({
  patientId: bodyIdSchema.nullable(),
  version: versionSchema.optional(),
});
export type RecordUpdate = z.input<typeof recordUpdateSchema>;

export const recordSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  privacyLevel: privacyLevelSchema,
  patientId: z.number().int().nullable(),
  patientFirstName: z.string().nullable(),
  patientLastName: z.string().nullable(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  /** Grows by one with every saved edit; send it back with the edit (see versionSchema). */
  version: z.number().int(),
  /** A progress report (POST /api/doctor/reports): the days it covers, and a PDF of it can be downloaded; else null. */
  report: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type ClinicalRecord = z.infer<typeof recordSchema>;
export const recordListSchema = z.array(recordSchema);

/** Without `page` and `size`, GET /api/records answers the newest RECORDS_UNPAGED_MAX notes as a bare list. */
export const RECORDS_UNPAGED_MAX = 100;
export const RECORDS_PAGE_MAX = 50;
/** `page` (from 0) and `size` (at most RECORDS_PAGE_MAX, default RECORDS_PAGE_SIZE): either one asks for a page. */
export const RECORDS_PAGE_SIZE = 20;
export const recordsQuerySchema = optionalPageQuerySchema(RECORDS_PAGE_MAX);
export const recordPageSchema = pageSchema(recordSchema);
export type RecordPage = z.infer<typeof recordPageSchema>;

/** A patient a psychologist may write about: id and names. */
export const recordPatientOptionSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });
export type RecordPatientOption = z.infer<typeof recordPatientOptionSchema>;
export const recordPatientOptionsSchema = z.array(recordPatientOptionSchema);
