import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../../lib/dates';
import { checkValues } from './patient-profile-values';

const t = ((key: string) => key) as unknown as TFunction;
const valid = { firstName: ' Olena ', lastName: 'Koval', dateOfBirth: '', aboutMe: '', therapyGoals: ' Sleep better ' };

describe('patient profile values', () => {
  it('accepts no date of birth and trims the texts', () => {
    expect(checkValues(valid, t)).toEqual({
      ok: true,
      body: { firstName: 'Olena', lastName: 'Koval', dateOfBirth: '', aboutMe: '', therapyGoals: 'Sleep better' },
    });
  });

  it('requires both names', () => {
    const checked = checkValues({ ...valid, firstName: '  ', lastName: '' }, t);
    expect(checked).toEqual({
      ok: false,
      errors: { firstName: 'patientProfile.validation.required', lastName: 'patientProfile.validation.required' },
    });
  });

  it('refuses a date of birth in the future', () => {
    const checked = checkValues({ ...valid, dateOfBirth: addDaysIso(todayIso(), 2) }, t);
    expect(checked).toEqual({ ok: false, errors: { dateOfBirth: 'patientProfile.validation.dateOfBirth' } });
    expect(checkValues({ ...valid, dateOfBirth: '1990-05-17' }, t).ok).toBe(true);
  });
});
