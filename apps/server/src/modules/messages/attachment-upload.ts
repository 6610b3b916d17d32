import type { Multipart } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, type DocumentContentType, MESSAGE_MAX_CHARS } from '@rozmova/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { checkDeclaredLength, multipartFailure, readPart } from '../../lib/multipart.js';
import { checkDocumentContent, cleanFileName } from '../documents/service.js';

export type AttachmentUpload = { body: string; fileName: string; contentType: DocumentContentType; data: Buffer };

/** The file plus room for part headers and the message's text (4,000 characters take at most 16,000 bytes). */
const MAX_BODY_BYTES = DOCUMENT_MAX_BYTES + 80 * 1024;
const tooLarge = () => new AppError(413, 'TOO_LARGE', `The file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);

/**
 * Reads the multipart fields `file` and an optional `body` (the message's text), as verification documents are read:
 * a PDF or an image told by its bytes, checked and written anew, at most DOCUMENT_MAX_BYTES.
 */
export async function readAttachmentUpload(request: FastifyRequest): Promise<AttachmentUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA', 'Send the attachment as multipart/form-data with the fields "file" and "body"');
  }
  checkDeclaredLength(request.headers['content-length'], MAX_BODY_BYTES, tooLarge);
  let body = '';
  let file: { name: string; data: Buffer } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 1, fieldSize: MESSAGE_MAX_CHARS * 4, parts: 2 },
    });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') file = { name: part.filename, data: await readPart(part, tooLarge) };
      else if (part.type === 'field' && part.fieldname === 'body') body = String(part.value);
      else discard(part);
    }
  } catch (err) {
    throw multipartFailure(err, tooLarge, 'The upload has too many parts: send the fields "file" and "body" only');
  }
  const text = body.trim();
  if (text.length > MESSAGE_MAX_CHARS) throw badRequest('body', `At most ${MESSAGE_MAX_CHARS} characters`);
  if (text.includes('\0')) throw badRequest('body', 'Must not contain the NUL character');
  if (!file) throw badRequest('file', 'Choose a file to send');
  if (file.data.length === 0) throw badRequest('file', 'The file is empty');
  return { body: text, fileName: cleanFileName(file.name), ...(await checkDocumentContent(file.data)) };
}

function discard(part: Multipart) {
  if (part.type === 'file') part.file.resume();
}
