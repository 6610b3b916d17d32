import {
  birthDateProblem,
  type Locale,
  type OnboardingBody,
  type OnboardingRole,
  onboardingBodySchema,
  type TherapyType,
} from '@rozmova/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { schemaErrors } from '../../lib/form-errors';

/** What the wizard's inputs hold; `toBody` turns it into the contract's onboarding payload. */
export type OnboardingValues = {
  role: OnboardingRole | '';
  firstName: string;
  lastName: string;
  birthDate: string | null;
  language: Locale;
  aboutMe: string;
  therapyGoals: string;
  experience: number | string;
  description: string;
  specialties: string;
  education: string;
  certificates: string;
  therapyTypes: TherapyType[];
  /** A confirmed new e-mail, sent only when filled. */
  newEmail: string;
};

export const initialValues = (language: Locale): OnboardingValues => ({
  role: '',
  firstName: '',
  lastName: '',
  birthDate: null,
  language,
  aboutMe: '',
  therapyGoals: '',
  experience: '',
  description: '',
  specialties: '',
  education: '',
  certificates: '',
  therapyTypes: [],
  newEmail: '',
});

/** The body of PUT /onboarding; `timeZone` is the browser's, so times show in it from the first screen on. */
export function toBody(v: OnboardingValues, timeZone?: string): OnboardingBody {
  const psychologist = v.role === 'PSYCHOLOGIST';
  return {
    role: v.role as OnboardingRole,
    firstName: v.firstName,
    lastName: v.lastName,
    birthDate: v.birthDate ?? '',
    language: v.language,
    aboutMe: psychologist ? '' : v.aboutMe,
    therapyGoals: psychologist ? '' : v.therapyGoals,
    experience: psychologist && typeof v.experience === 'number' ? v.experience : null,
    description: psychologist ? v.description : '',
    specialties: psychologist ? v.specialties : '',
    education: psychologist ? v.education : '',
    certificates: psychologist ? v.certificates : '',
    therapyTypes: psychologist ? v.therapyTypes : [],
    ...(v.newEmail ? { newEmail: v.newEmail } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}

const birthDateKeys = { future: 'onboarding.errors.birthDateFuture', tooYoung: 'onboarding.errors.tooYoung' } as const;

/** The contract's onboarding rules, with messages in the user's language. */
export function validateOnboarding(t: TFunction, values: OnboardingValues): Record<string, string> {
  const errors = schemaErrors(onboardingBodySchema, toBody(values), (field, issue) => {
    if (field === 'birthDate')
      return t(values.birthDate ? 'onboarding.errors.birthDateInvalid' : 'onboarding.errors.birthDateRequired');
    if (issue.code === 'too_big' && issue.origin === 'string') return t('onboarding.errors.tooLong', { max: issue.maximum });
    if (field.startsWith('therapyTypes')) return t('onboarding.errors.therapyTypes');
    return t(`onboarding.errors.${field}`);
  });
  // The rules that depend on today, on the browser's today (the server judges them again on the platform's).
  const problem = values.birthDate && !errors.birthDate ? birthDateProblem(values.birthDate, dayjs().format('YYYY-MM-DD')) : null;
  if (problem) errors.birthDate = t(birthDateKeys[problem]);
  return errors;
}
