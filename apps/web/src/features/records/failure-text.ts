import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';

/** Why a save failed, in words the psychologist can act on; `fallbackKey` when there is nothing more specific. */
export function failureText(t: TFunction, err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return t('records.form.tooLong');
    if (err.code === 'MARKUP_TOO_COMPLEX') return t('records.form.tooComplex');
    if (err.status === 400) return t('records.form.invalid');
    if (err.status === 404) return t('records.form.notFound');
    if (err.status === 0) return t('error.network');
  }
  return errorText(t, err, fallbackKey);
}
