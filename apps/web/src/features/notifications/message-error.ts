import { PATIENT_MESSAGES_PER_HOUR } from '@rozmova/contract/constants';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';

/** Why a message to a patient was not sent, in words that say what to do next. */
export function messageErrorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return t('patientMessage.errors.rateLimited', { max: PATIENT_MESSAGES_PER_HOUR });
    if (err.status === 404) return t('patientMessage.errors.notFound');
    if (err.status === 400 || err.status === 413) return t('patientMessage.errors.invalid');
    if (err.status === 0) return t('error.network');
  }
  return t('patientMessage.errors.generic');
}
