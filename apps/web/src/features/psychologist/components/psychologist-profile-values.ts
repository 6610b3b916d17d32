import { type PsychologistProfile, psychologistProfileUpdateSchema } from '@rozmova/contract';
import type { TFunction } from 'i18next';
import { type Checked, checkSchema, fieldMessages } from '../../../lib/form-errors';
import type { ProfileUpdate } from '../api/update-profile';

/** What the profile form edits; experience is '' while the field is empty. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  experience: number | string;
  therapyTypes: string[];
  languages: string[];
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
  languages: p.languages,
  specialties: p.specialties,
  education: p.education,
  certificates: p.certificates,
  description: p.description,
});

/** Validates with the contract's schema and words each problem in the reader's language. */
export const checkProfile = (values: ProfileValues, t: TFunction): Checked<ProfileUpdate> =>
  checkSchema(
    psychologistProfileUpdateSchema,
    { ...values, experience: values.experience === '' ? undefined : Number(values.experience) },
    fieldMessages(t, 'psychologistProfile.validation', {
      experience: () =>
        t(values.experience === '' ? 'psychologistProfile.validation.required' : 'psychologistProfile.validation.experience'),
    }),
  );
