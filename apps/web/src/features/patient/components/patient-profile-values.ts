import { birthDateProblem, type PatientProfile, patientProfileUpdateSchema } from '@rozmova/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type Checked, checkSchema, fieldMessages } from '../../../lib/form-errors';
import type { PatientProfileBody } from '../api/update-profile';

/** What the form edits; dateOfBirth is YYYY-MM-DD or '' when none is chosen. */
export type PatientProfileValues = Omit<PatientProfile, 'avatarUrl' | 'version' | 'country' | 'crisisCountry'>;

export const toValues = (p: PatientProfile): PatientProfileValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  aboutMe: p.aboutMe,
  therapyGoals: p.therapyGoals,
});

/** Validates with the contract's schema and words each problem in the reader's language; no birth date after today. */
export function checkValues(values: PatientProfileValues, t: TFunction): Checked<PatientProfileBody> {
  const dateOfBirth = () => t('patientProfile.validation.dateOfBirth');
  const checked = checkSchema(patientProfileUpdateSchema, values, fieldMessages(t, 'patientProfile.validation', { dateOfBirth }));
  if (
    checked.ok &&
    checked.body.dateOfBirth &&
    birthDateProblem(checked.body.dateOfBirth, dayjs().format('YYYY-MM-DD')) === 'future'
  ) {
    return { ok: false, errors: { dateOfBirth: dateOfBirth() } };
  }
  return checked;
}
