import type { Multipart } from '@fastify/multipart';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_PIXELS,
  DOCUMENT_MAX_SIDE_PX,
  type DocumentContentType,
  type DocumentKind,
  documentKindSchema,
} from '@rozmova/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { decodeGate } from '../../lib/decode-gate.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { checkPixels, declaredSize } from '../../lib/image-pixels.js';
import { detectImageType } from '../../lib/image-type.js';
import { checkDeclaredLength, multipartFailure, readPart } from '../../lib/multipart.js';
import { checkPdf, isPdf, unreadable } from './pdf.js';
import { rewritePdf } from './pdf-rewrite.js';

export type DocumentUpload = { kind: DocumentKind; fileName: string; contentType: DocumentContentType; data: Buffer };

/** The whole multipart body: the file plus room for part headers and the `kind` field. */
const MAX_BODY_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;
const PIXELS = { maxSide: DOCUMENT_MAX_SIDE_PX, maxPixels: DOCUMENT_MAX_PIXELS };
const MAX_NAME = 200;

const tooLarge = () => new AppError(413, 'TOO_LARGE', `The file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA', 'Only PDF, JPEG or PNG files are accepted');

/**
 * Reads the multipart fields `kind` and `file` (in either order). The parser truncates the file at the document limit,
 * so no more than that is held in memory; the type is told by the bytes, and images and PDFs are written anew.
 */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA', 'Send the document as multipart/form-data with the fields "kind" and "file"');
  }
  checkDeclaredLength(request.headers['content-length'], MAX_BODY_BYTES, tooLarge);
  let kind: unknown;
  let file: { name: string; data: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 1, fieldSize: 64, parts: 2 } });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') file = { name: part.filename, data: await readPart(part, tooLarge) };
      else if (part.type === 'field' && part.fieldname === 'kind') kind = part.value;
      else discard(part);
    }
  } catch (err) {
    throw multipartFailure(err, tooLarge, 'The upload has too many parts: send the fields "kind" and "file" only');
  }
  const parsedKind = documentKindSchema.safeParse(kind);
  if (!parsedKind.success) throw badRequest('kind', 'Choose the kind: DIPLOMA, LICENCE or CERTIFICATE');
  if (!file) throw badRequest('file', 'Choose a file to upload');
  if (file.data.length === 0) throw badRequest('file', 'The file is empty');
  return { kind: parsedKind.data, fileName: cleanFileName(file.name), ...(await checkDocumentContent(file.data)) };
}

/** A PDF or an image told by its bytes, checked and written anew; anything else 415 (messages' attachments too). */
export async function checkDocumentContent(data: Buffer): Promise<{ contentType: DocumentContentType; data: Buffer }> {
  if (isPdf(data)) {
    checkPdf(data);
    return { contentType: 'application/pdf', data: await decodeGate.run(() => rewritePdf(data)) };
  }
  const type = detectImageType(data);
  if (type !== 'image/jpeg' && type !== 'image/png') throw unsupported();
  await checkDimensions(data);
  return { contentType: type, data: await reencode(data, type) };
}

/** Scans are large, but decoding cost grows with the pixel count a small file can declare. */
async function checkDimensions(data: Buffer) {
  const size = await declaredSize(data);
  if (!size) throw unreadable('The image header could not be read');
  checkPixels(size, PIXELS);
}

/**
 * Decodes the image and writes it anew in its own format at its own size, turned upright: only its pixels survive
 * (no EXIF with GPS, no bytes hidden after the image). sharp works off the event loop, one file of the whole process
 * at a time (lib/decode-gate.ts).
 */
async function reencode(data: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: PIXELS.maxPixels, failOn: 'error' }).rotate();
  // Optimised Huffman tables would hold every coefficient of the image at once (about 6 bytes a pixel, measured).
  const encoded = type === 'image/jpeg' ? image.jpeg({ quality: 90, optimiseCoding: false }) : image.png();
  try {
    return await decodeGate.run(() => encoded.toBuffer());
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('The image could not be read');
  }
}

/** The name to show: its last path segment, on one line, without control or direction-changing characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  return clean || 'document';
}

function discard(part: Multipart) {
  if (part.type === 'file') part.file.resume();
}
