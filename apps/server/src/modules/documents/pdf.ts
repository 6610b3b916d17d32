import { AppError } from '../../lib/errors.js';

const SIGNATURE = Buffer.from('%PDF-');
/** Where a PDF's trailer sits: its last `%%EOF` is within the final bytes (writers may pad a little after it). */
const TAIL_BYTES = 1024;

export const isPdf = (data: Buffer): boolean => data.subarray(0, SIGNATURE.length).equals(SIGNATURE);

/** A file of an accepted type that cannot be shown: damaged, cut short or locked. */
export const unreadable = (message: string) => new AppError(400, 'DOCUMENT_UNREADABLE', message, [{ field: 'file', message }]);

/**
 * Refuses a PDF an admin could not open in the browser's viewer: one cut short or garbled (no version after the
 * signature, no cross-reference pointer or end marker where a complete file has them), and one protected with a
 * password or encrypted (its trailer names an /Encrypt dictionary).
 */
export function checkPdf(data: Buffer): void {
  if (!/^%PDF-[12]\.\d/.test(data.subarray(0, 8).toString('latin1'))) throw unreadable('The PDF header is damaged');
  const tail = data.subarray(Math.max(0, data.length - TAIL_BYTES)).toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) {
    throw unreadable('The PDF is incomplete or damaged: send the whole file');
  }
  if (data.includes('/Encrypt')) throw unreadable('The PDF is protected with a password or encrypted: send it unprotected');
}
