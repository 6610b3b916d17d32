import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_PIXELS, DOCUMENT_MAX_SIDE_PX, DOCUMENTS_MAX } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

export const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;
export const ACCEPTED = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** What is wrong with a chosen file before it is sent (the server checks its bytes again), or null. */
export function checkFile(t: TFunction, file: File | null): string | null {
  if (!file) return t('documents.errors.chooseFile');
  const byName = /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!ACCEPTED_TYPES.includes(file.type) && !byName) return t('documents.errors.type');
  if (file.size > DOCUMENT_MAX_BYTES) return t('documents.errors.tooLarge', { maxMb: MAX_MB });
  return null;
}

/** The server's refusal in words. */
export function uploadErrorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ApiError)) return t('documents.errors.failed');
  if (err.status === 413) return t('documents.errors.tooLarge', { maxMb: MAX_MB });
  if (err.status === 415) return t('documents.errors.type');
  if (err.code === 'TOO_MANY_DOCUMENTS') return t('documents.errors.tooMany', { max: DOCUMENTS_MAX });
  if (err.code === 'DOCUMENT_UNREADABLE') return t('documents.errors.unreadable');
  if (err.code === 'IMAGE_TOO_LARGE') {
    return t('documents.errors.tooManyPixels', { maxSide: DOCUMENT_MAX_SIDE_PX, megapixels: DOCUMENT_MAX_PIXELS / 1e6 });
  }
  // The server's words tell when to try again.
  if (err.code === 'RATE_LIMITED' && err.message) return err.message;
  return t('documents.errors.failed');
}
