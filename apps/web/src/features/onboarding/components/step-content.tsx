import type { OnboardingForm } from '../form';
import type { StepId } from '../steps';
import { EmailStep } from './email-step';
import { FinishStep } from './finish-step';
import { PatientExtra } from './patient-extra';
import { PersonalStep } from './personal-step';
import { PsychologistExtra } from './psychologist-extra';
import { RoleStep } from './role-step';

type Props = { step: StepId; form: OnboardingForm; email: string | null; onEmailConfirmed: (email: string) => void };

export function StepContent({ step, form, email, onEmailConfirmed }: Props) {
  if (step === 'role') return <RoleStep form={form} />;
  if (step === 'email') return <EmailStep onConfirmed={onEmailConfirmed} />;
  if (step === 'personal') return <PersonalStep form={form} />;
  if (step === 'extra')
    return form.values.role === 'PSYCHOLOGIST' ? <PsychologistExtra form={form} /> : <PatientExtra form={form} />;
  return <FinishStep form={form} email={email} />;
}
