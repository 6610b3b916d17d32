import { groupOverlapSchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatInstantIn } from '../../lib/zoned-time';

const PLAIN = new Set(['GROUP_FULL', 'ALREADY_MEMBER', 'CONFLICT']);

/**
 * Why joining a group was refused, in words that say what to do next. An overlap names the group's session that meets
 * another of the patient's, on their own clock (`timeZone`), when the server says which.
 */
export function joinErrorText(t: TFunction, err: unknown, where: { timeZone?: string; locale: string }): string {
  if (err instanceof ApiError) {
    if (PLAIN.has(err.code)) return t(`groupJoin.error.${err.code}`);
    if (err.code === 'OVERLAP') {
      const at = groupOverlapSchema.pick({ sessionStartsAt: true }).safeParse(err.body).data?.sessionStartsAt;
      if (!at || !where.timeZone) return t('groupJoin.error.OVERLAP');
      return t('groupJoin.error.overlapAt', { when: formatInstantIn(at, where.timeZone, where.locale) });
    }
    if (err.code === 'NETWORK') return t('error.network');
  }
  return errorText(t, err, 'groupJoin.error.other');
}
