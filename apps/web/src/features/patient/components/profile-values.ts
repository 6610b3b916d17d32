import { type PatientProfile, patientProfileUpdateSchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import type { PatientProfileBody } from '../api/update-profile';

/** What the form edits; dateOfBirth is YYYY-MM-DD or '' when none is chosen. */
export type PatientProfileValues = Omit<PatientProfile, 'avatarUrl'>;

export const toValues = (p: PatientProfile): PatientProfileValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  aboutMe: p.aboutMe,
  therapyGoals: p.therapyGoals,
});

type Checked = { ok: true; body: PatientProfileBody } | { ok: false; errors: Record<string, string> };

/** Validates with the contract's schema and words each problem in the reader's language. */
export function checkValues(values: PatientProfileValues, t: TFunction): Checked {
  const parsed = patientProfileUpdateSchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    if (field === 'dateOfBirth') errors[field] = t('patientProfile.validation.dateOfBirth');
    else if (issue.code === 'too_small') errors[field] = t('patientProfile.validation.required');
    else if (issue.code === 'too_big') errors[field] = t('patientProfile.validation.tooLong', { max: Number(issue.maximum) });
    else errors[field] = t('patientProfile.validation.invalid');
  }
  return { ok: false, errors };
}
