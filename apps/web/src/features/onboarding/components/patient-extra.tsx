import { Stack } from '@mantine/core';
import { LIMITS } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import type { OnboardingForm } from '../form';

export function PatientExtra({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640}>
      <CountedTextarea
        max={LIMITS.longText}
        label={t('onboarding.extra.aboutMe')}
        description={t('onboarding.extra.aboutMeHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('aboutMe')}
      />
      <CountedTextarea
        max={LIMITS.longText}
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
