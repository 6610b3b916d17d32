import { Stack } from '@mantine/core';
import { PatientAboutFields } from '../../../components/profile-fields/patient-about-fields';
import type { OnboardingForm } from '../form';

export function PatientExtra({ form }: { form: OnboardingForm }) {
  return (
    <Stack gap="md" maw={640}>
      <PatientAboutFields form={form} texts="onboarding.extra" maxRows={8} />
    </Stack>
  );
}
