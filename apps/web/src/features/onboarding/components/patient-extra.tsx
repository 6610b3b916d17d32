import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnboardingForm } from '../form';

export function PatientExtra({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640}>
      <Textarea
        label={t('onboarding.extra.aboutMe')}
        description={t('onboarding.extra.aboutMeHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('aboutMe')}
      />
      <Textarea
        label={t('onboarding.extra.therapyGoals')}
        description={t('onboarding.extra.therapyGoalsHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('therapyGoals')}
      />
    </Stack>
  );
}
