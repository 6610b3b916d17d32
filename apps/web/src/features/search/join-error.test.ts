import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { joinErrorText } from './join-error';

const t = i18n.t.bind(i18n);
const refusal = (code: string, body?: unknown) => new ApiError(409, code, 'refused', [], body);

describe('joinErrorText', () => {
  it('says in words why a join was refused', () => {
    const where = { locale: 'en' };
    expect(joinErrorText(t, refusal('GROUP_FULL'), where)).toBe(
      'This group has just filled up: no seats are left. Please choose another group.',
    );
    expect(joinErrorText(t, refusal('ALREADY_MEMBER'), where)).toBe('You are already a member of this group.');
    expect(joinErrorText(t, new Error('boom'), where)).toBe('We could not add you to the group. Please try again.');
  });

  it('names the clashing session on the patient’s own clock', () => {
    const body = { code: 'OVERLAP', message: 'x', sessionStartsAt: '2026-01-13T17:00:00.000Z' };
    expect(joinErrorText(t, refusal('OVERLAP', body), { timeZone: 'America/New_York', locale: 'en' })).toBe(
      "The group's session on January 13, 2026 12:00 is at the same time as another of your sessions. Please check My appointments or choose another group.",
    );
    expect(joinErrorText(t, refusal('OVERLAP', { code: 'OVERLAP', message: 'x' }), { locale: 'en' })).toContain(
      'One of this group',
    );
  });
});
