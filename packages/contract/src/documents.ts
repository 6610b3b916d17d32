import { z } from 'zod';

/** What a psychologist sends to be verified: a diploma, a licence, or another certificate. */
export const DOCUMENT_KINDS = ['DIPLOMA', 'LICENCE', 'CERTIFICATE'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** The types a document is stored and served as, told apart by the file's bytes, never by its name. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const documentContentTypeSchema = z.enum(DOCUMENT_CONTENT_TYPES);
export type DocumentContentType = z.infer<typeof documentContentTypeSchema>;

/** One document as its owner and admins see it: never its content, which only the file calls serve. */
export const verificationDocumentSchema = z.object({
  id: z.number().int(),
  kind: documentKindSchema,
  /** The name the file was sent with (only for showing; it decides nothing). */
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  /** Bytes as stored: an image is re-encoded, so its size may differ from the file sent. */
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/**
 * Where a psychologist's verification stands. PENDING: awaiting an admin (also after new documents follow a
 * rejection, or after a verification is withdrawn); APPROVED: verified, so patients find and book them; REJECTED: an
 * admin turned the documents down, `reason` says why. `decidedAt`: when an admin last decided (ISO 8601), else null.
 */
export const VERIFICATION_STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const verificationStateSchema = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof verificationStateSchema>;
export const verificationSchema = z.object({
  state: verificationStateSchema,
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/**
 * GET /psychologist/documents (the own) and GET /admin/users/{id}/documents (a psychologist's, for admins): the
 * verification state and the documents, oldest first.
 */
export const verificationDocumentsSchema = z.object({
  verification: verificationSchema,
  documents: z.array(verificationDocumentSchema),
});
export type VerificationDocuments = z.infer<typeof verificationDocumentsSchema>;
