import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from './errors.js';

/**
 * The multipart parser reads the request itself, past Fastify's body limit, so the declared length is checked before
 * a byte is read; without one the stream's total could not be bounded.
 */
export function checkDeclaredLength(header: string | undefined, maxBytes: number, tooLarge: () => AppError) {
  if (header === undefined) throw badRequest('file', 'Send the upload with a Content-Length header');
  if (Number(header) > maxBytes) throw tooLarge();
}

/** A file part whole; the parser truncates it at its size limit, which means the upload was too large. */
export async function readPart(part: MultipartFile, tooLarge: () => AppError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** What the client is told when the parser gives up: too large, too many parts, or unreadable. */
export function multipartFailure(err: unknown, tooLarge: () => AppError, tooManyParts: string): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'TOO_LARGE', tooManyParts);
  }
  return badRequest('file', 'The upload could not be read');
}
