import type { groupOverlapSchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatInstantIn, wallClockIn } from '../../lib/zoned-time';

type Overlap = z.infer<typeof groupOverlapSchema>;

/** A 409 OVERLAP in words: which session meets what, on the psychologist's clock, when the server could name it. */
function overlapText(t: TFunction, body: Partial<Overlap>, zone: string, locale: string): string {
  const { clash, sessionStartsAt } = body;
  if (!clash) return t('groups.errors.overlap');
  const at = (value: string) => formatInstantIn(value, zone, locale, 'dateTime');
  return t(clash.kind === 'INDIVIDUAL' ? 'groups.errors.overlapIndividual' : 'groups.errors.overlapGroup', {
    session: sessionStartsAt ? at(sessionStartsAt) : '',
    clash: `${at(clash.startsAt)}–${wallClockIn(new Date(clash.endsAt), zone).time}`,
  });
}

const BY_CODE: Record<string, string> = {
  PSYCHOLOGIST_UNVERIFIED: 'groups.errors.unverified',
  GROUP_FULL: 'groups.errors.full',
  ALREADY_MEMBER: 'groups.errors.alreadyMember',
  NOT_STARTED: 'groups.errors.notStarted',
  NOT_CANCELABLE: 'groups.errors.notCancelable',
  STALE: 'stale.text',
};

type Options = {
  /** The key when nothing more specific applies. */
  fallback: string;
  /** The psychologist's zone and language, for the times an overlap names. */
  zone: string;
  locale: string;
  /** Keys for codes whose meaning depends on the action (CONFLICT). */
  codes?: Record<string, string>;
};

/** Why a change to a program failed, in words the psychologist can act on. */
export function groupFailureText(t: TFunction, err: unknown, { fallback, zone, locale, codes }: Options): string {
  if (err instanceof ApiError) {
    const own = codes?.[err.code];
    if (own) return t(own);
    if (err.code === 'OVERLAP') return overlapText(t, (err.body ?? {}) as Partial<Overlap>, zone, locale);
    const key = BY_CODE[err.code];
    if (key) return t(key);
    if (err.status === 400) return t('groups.errors.invalid');
    if (err.status === 404) return t('groups.errors.notFound');
    if (err.status === 0) return t('error.network');
  }
  return errorText(t, err, fallback);
}
