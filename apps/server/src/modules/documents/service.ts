import { DOCUMENTS_MAX, type VerificationDocument, type VerificationDocuments } from '@rozmova/contract';
import { audit } from '../../access/audit.js';
import type { ViewerContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';
import { decodeGate } from '../../lib/decode-gate.js';
import { AppError, notFound } from '../../lib/errors.js';
import { openBytes, sealBytes } from '../../lib/records-cipher.js';
import { rewritePdf } from './pdf-rewrite.js';
import * as repo from './repository.js';
import type { DocumentUpload } from './upload.js';
import { presentVerification } from './verification.js';

/** What other modules use of documents: the content checks of an upload, and the verification state as shown. */
export { checkDocumentContent, cleanFileName } from './upload.js';
export { presentVerification } from './verification.js';

export type DocumentFile = { contentType: string; fileName: string; data: Buffer };

/** Binds a document's ciphertext to its row, owner and type: moved to another row it no longer opens. */
const aadOf = (d: { id: number; psychologistId: number; contentType: string }) =>
  `document:${d.id}:psychologist:${d.psychologistId}:type:${d.contentType}`;

const present = (row: repo.ListedDocument): VerificationDocument => ({
  id: row.id,
  kind: row.kind,
  fileName: row.fileName,
  contentType: row.contentType as VerificationDocument['contentType'],
  size: row.size,
  uploadedAt: row.uploadedAt.toISOString(),
});

async function documentsOf(ctx: ViewerContext, db: Db, psychologistId: number): Promise<VerificationDocuments> {
  const row = await repo.findPsychologistVerification(db, ctx.user, psychologistId);
  if (!row) throw notFound('Psychologist');
  const documents = await repo.listDocuments(db, ctx.user, psychologistId);
  return { verification: presentVerification(row), documents: documents.map(present) };
}

/** The signed-in psychologist's documents and where their verification stands. */
export const listOwn = (ctx: ViewerContext) => documentsOf(ctx, ctx.db, ctx.user.id);

/** A psychologist's documents for an admin; any other account is 404. */
export const listFor = (ctx: ViewerContext, input: { id: number }) => documentsOf(ctx, ctx.db, input.id);

/**
 * Stores a document sealed with the notes' keyring. At most DOCUMENTS_MAX per psychologist, counted under a lock of
 * their account so two uploads at once cannot both take the last place. New documents after a rejection put the
 * verification back to awaiting a check.
 */
export async function upload(ctx: ViewerContext, file: DocumentUpload): Promise<VerificationDocument> {
  const psychologistId = ctx.user.id;
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.findPsychologistVerification(tx, ctx.user, psychologistId, true))) throw notFound('Psychologist');
    if ((await repo.countDocuments(tx, psychologistId)) >= DOCUMENTS_MAX) {
      throw new AppError(409, 'TOO_MANY_DOCUMENTS', `At most ${DOCUMENTS_MAX} documents: delete one to send another`);
    }
    const key = { id: await repo.nextDocumentId(tx), psychologistId, contentType: file.contentType };
    const sealed = sealBytes(ctx.config.recordsKeyring, file.data, aadOf(key));
    const inserted = await repo.insertDocument(tx, {
      ...key,
      ...sealed,
      kind: file.kind,
      fileName: file.fileName,
      size: file.data.length,
      uploadedAt: ctx.clock.instant(),
    });
    await repo.clearRejection(tx, psychologistId);
    return inserted;
  });
  return present(row);
}

export async function removeOwn(ctx: ViewerContext, input: { id: number }): Promise<void> {
  if (!(await repo.deleteOwnDocument(ctx.db, ctx.user.id, input.id))) throw notFound('Document');
}

/**
 * The file as stored; a PDF stored before uploads were written anew is written anew now, without its scripts and
 * actions, and kept so, before anyone's viewer gets it.
 */
async function openDocument(ctx: ViewerContext, row: repo.DocumentRow): Promise<DocumentFile> {
  let data = openBytes(ctx.config.recordsKeyring, row, aadOf(row));
  if (!row.rewritten) {
    data = await decodeGate.run(() => rewritePdf(data));
    await repo.replaceContent(ctx.db, row.id, { ...sealBytes(ctx.config.recordsKeyring, data, aadOf(row)), size: data.length });
  }
  return { contentType: row.contentType, fileName: row.fileName, data };
}

/** One of the psychologist's own documents, to see what they sent. */
export async function ownFile(ctx: ViewerContext, input: { id: number }): Promise<DocumentFile> {
  const row = await repo.findReadableDocument(ctx.db, ctx.user, input.id);
  if (!row || row.psychologistId !== ctx.user.id) throw notFound('Document');
  return openDocument(ctx, row);
}

/** A document for an admin: the read is on the audit trail before anything is served, or nothing is. */
export async function adminFile(ctx: ViewerContext, input: { id: number }): Promise<DocumentFile> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await repo.findReadableDocument(tx, ctx.user, input.id);
    if (!found) throw notFound('Document');
    await audit(ctx, tx, [
      { action: 'DOCUMENT_READ', subjectId: found.psychologistId, detail: `#${found.id} ${found.kind} ${found.fileName}` },
    ]);
    return found;
  });
  return openDocument(ctx, row);
}

/** The psychologist's account is being deleted: their documents go at once. */
export const eraseDocumentsOf = (ctx: Pick<ViewerContext, 'db'>, psychologistId: number): Promise<void> =>
  repo.deleteAllDocuments(ctx.db, psychologistId);
