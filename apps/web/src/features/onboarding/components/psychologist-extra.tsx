import { MultiSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, LIMITS, THERAPY_TYPES } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import type { OnboardingForm } from '../form';

export function PsychologistExtra({ form }: { form: OnboardingForm }) {
  const { t } = useTranslation();
  const therapyTypes = THERAPY_TYPES.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }));
  return (
    <Stack gap="md" maw={720}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('onboarding.extra.experience')}
          required
          min={EXPERIENCE_MIN}
          max={EXPERIENCE_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('experience')}
        />
        <TextInput
          label={t('onboarding.extra.specialties')}
          placeholder={t('onboarding.extra.specialtiesPlaceholder')}
          {...form.getInputProps('specialties')}
        />
      </SimpleGrid>
      <CountedTextarea
        max={LIMITS.longText}
        label={t('onboarding.extra.description')}
        description={t('onboarding.extra.descriptionHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('description')}
      />
      <MultiSelect
        label={t('onboarding.extra.therapyTypes')}
        placeholder={t('onboarding.extra.therapyTypesPlaceholder')}
        data={therapyTypes}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('onboarding.extra.nothingFound')}
        {...form.getInputProps('therapyTypes')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountedTextarea
          max={LIMITS.longText}
          label={t('onboarding.extra.education')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('education')}
        />
        <CountedTextarea
          max={LIMITS.longText}
          label={t('onboarding.extra.certificates')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('certificates')}
        />
      </SimpleGrid>
    </Stack>
  );
}
