import type { Session } from '../../lib/session';
import type { OnboardingValues } from './values';

export type StepId = 'role' | 'email' | 'personal' | 'extra' | 'finish';

/** Addresses the server makes up for accounts that came from a messaging app. */
const AUTO_EMAIL_SUFFIX = '@users.rozmova.invalid';

/** The e-mail step appears only while the e-mail is missing or made up, and no new one was confirmed. */
export const needsEmail = (session: Session, values: OnboardingValues) =>
  (!session.email || session.email.endsWith(AUTO_EMAIL_SUFFIX)) && !values.newEmail;

export const stepIds = (withEmail: boolean): StepId[] =>
  withEmail ? ['role', 'email', 'personal', 'extra', 'finish'] : ['role', 'personal', 'extra', 'finish'];

/** The fields each step answers for; Next stays disabled while any of them is invalid. */
function stepFields(step: StepId, values: OnboardingValues): string[] {
  if (step === 'role') return ['role'];
  if (step === 'personal') return ['firstName', 'lastName', 'birthDate', 'language'];
  if (step === 'extra')
    return values.role === 'PSYCHOLOGIST'
      ? ['experience', 'description', 'specialties', 'education', 'certificates', 'therapyTypes']
      : ['aboutMe', 'therapyGoals'];
  return [];
}

export const stepValid = (step: StepId, values: OnboardingValues, errors: Record<string, string>) =>
  stepFields(step, values).every((f) => !Object.keys(errors).some((k) => k === f || k.startsWith(`${f}.`)));

/** Whether the person has changed anything on this step yet: only then does a step that cannot go on say so. */
export const stepTouched = (step: StepId, values: OnboardingValues, isTouched: (field: string) => boolean) =>
  stepFields(step, values).some((f) => isTouched(f));
