import type { TFunction } from 'i18next';

/** A file size in KB below a megabyte, else in MB with one decimal. */
export function formatSize(t: TFunction, bytes: number, locale: string): string {
  const number = (value: number, digits: number) =>
    value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (bytes < 1024 * 1024) return t('documents.kb', { value: number(Math.max(1, Math.round(bytes / 1024)), 0) });
  return t('documents.mb', { value: number(bytes / 1024 / 1024, 1) });
}
