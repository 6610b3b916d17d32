import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * The toast text for a failed call: the server's own words past a rate limit, what to do about a disabled account,
 * else the given key.
 */
export function errorText(t: TFunction, err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError && err.status === 429 && err.message) return err.message;
  if (err instanceof ApiError && err.code === 'DISABLED') return t('error.disabled');
  return t(fallbackKey);
}
