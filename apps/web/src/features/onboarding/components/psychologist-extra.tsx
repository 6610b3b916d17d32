import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { THERAPY_TYPES } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import {
  BioTextarea,
  ExperienceInput,
  QualificationFields,
  TherapyTypesSelect,
} from '../../../components/profile-fields/psychologist-fields';
import type { OnboardingForm } from '../form';

export function PsychologistExtra({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  const therapyTypes = THERAPY_TYPES.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }));
  return (
    <Stack gap="md" maw={720}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ExperienceInput form={form} texts="onboarding.extra" required />
        <TextInput
          label={t('onboarding.extra.specialties')}
          placeholder={t('onboarding.extra.specialtiesPlaceholder')}
          {...form.getInputProps('specialties')}
        />
      </SimpleGrid>
      <BioTextarea form={form} texts="onboarding.extra" minRows={3} maxRows={8} />
      <TherapyTypesSelect
        form={form}
        texts="onboarding.extra"
        placeholder={t('onboarding.extra.therapyTypesPlaceholder')}
        data={therapyTypes}
      />
      <QualificationFields form={form} texts="onboarding.extra" minRows={2} maxRows={6} />
    </Stack>
  );
}
