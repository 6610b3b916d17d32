import { type PsychologistProfile, psychologistProfileUpdateSchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import type { ProfileUpdate } from '../api/update-profile';

/** What the profile form edits; experience is '' while the field is empty. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  experience: number | string;
  therapyTypes: string[];
  specialties: string;
  education: string;
  certificates: string;
  description: string;
};

export const toProfileValues = (p: PsychologistProfile): ProfileValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  experience: p.experience ?? '',
  therapyTypes: p.therapyTypes,
  specialties: p.specialties,
  education: p.education,
  certificates: p.certificates,
  description: p.description,
});

type Checked = { ok: true; body: ProfileUpdate } | { ok: false; errors: Record<string, string> };

/** Validates with the contract's schema and words each problem in the reader's language. */
export function checkProfile(values: ProfileValues, t: TFunction): Checked {
  const parsed = psychologistProfileUpdateSchema.safeParse({
    ...values,
    experience: values.experience === '' ? undefined : Number(values.experience),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    if (field === 'experience') {
      errors[field] = t(
        values.experience === '' ? 'psychologistProfile.validation.required' : 'psychologistProfile.validation.experience',
      );
    } else if (issue.code === 'too_small') {
      errors[field] = t('psychologistProfile.validation.required');
    } else if (issue.code === 'too_big') {
      errors[field] = t('psychologistProfile.validation.tooLong', { max: Number(issue.maximum) });
    } else {
      errors[field] = t('psychologistProfile.validation.invalid');
    }
  }
  return { ok: false, errors };
}
