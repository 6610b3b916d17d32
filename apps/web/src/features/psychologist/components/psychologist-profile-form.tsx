import { MultiSelect, Stack } from '@mantine/core';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, LIMITS, type PsychologistProfile } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { FormActions } from '../../../components/form-actions';
import { NameFields } from '../../../components/profile-fields/name-fields';
import {
  BioTextarea,
  ExperienceInput,
  QualificationFields,
  TherapyTypesSelect,
} from '../../../components/profile-fields/psychologist-fields';
import { StaleFormNotice } from '../../../components/stale-notice';
import { profileQuery } from '../../../entities/psychologist/profile';
import { useSavedForm } from '../../../lib/use-saved-form';
import { languageName, workLanguageOptions } from '../../../lib/work-languages';
import { useTherapyTypes } from '../api/get-therapy-types';
import { useUpdateProfile } from '../api/update-profile';
import { checkProfile, toProfileValues } from './psychologist-profile-values';

/** The editable profile fields; leaving with unsaved edits asks first. */
export function PsychologistProfileForm({ profile }: { profile: PsychologistProfile }) {
  const { t, i18n } = useTranslation();
  const therapyTypes = useTherapyTypes();
  const save = useUpdateProfile();
  const queryClient = useQueryClient();
  const { form, dirty, submit, stale, discard } = useSavedForm({
    initialValues: toProfileValues(profile),
    check: checkProfile,
    save,
    savedValues: (_answer, values, body) => ({ ...values, ...body }),
    keys: {
      saved: 'psychologistProfile.saveSuccess',
      failed: 'psychologistProfile.errorMessage',
      invalid: 'psychologistProfile.validation.invalid',
    },
    version: profile.version,
    reload: async () => {
      const fresh = await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 });
      return { version: fresh.version, values: toProfileValues(fresh) };
    },
  });

  // Chosen codes stay visible even while the list loads or if it failed.
  const codes = [...new Set([...(therapyTypes.data ?? []), ...form.values.therapyTypes])];
  const typeOptions = codes.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameFields form={form} texts="psychologistProfile" withAsterisk />
        <ExperienceInput
          form={form}
          texts="psychologistProfile"
          description={t('psychologistProfile.experienceHint', { min: EXPERIENCE_MIN, max: EXPERIENCE_MAX })}
          withAsterisk
          maw={260}
        />
        <TherapyTypesSelect
          form={form}
          texts="psychologistProfile"
          placeholder={form.values.therapyTypes.length ? undefined : t('psychologistProfile.therapyTypesPlaceholder')}
          data={typeOptions}
          disabled={therapyTypes.isLoading}
          error={form.errors.therapyTypes ?? (therapyTypes.isError ? t('psychologistProfile.therapyTypesError') : undefined)}
        />
        <MultiSelect
          label={t('psychologistProfile.languages')}
          description={t('psychologistProfile.languagesHint')}
          data={workLanguageOptions(i18n.language)}
          {...form.getInputProps('languages')}
        />
        <CountedTextarea
          max={LIMITS.shortText}
          label={t('psychologistProfile.specialties')}
          description={t('psychologistProfile.specialtiesHint')}
          autosize
          minRows={2}
          {...form.getInputProps('specialties')}
        />
        <QualificationFields form={form} texts="psychologistProfile" minRows={3} />
        <BioTextarea form={form} texts="psychologistProfile" minRows={4} />
        <StaleFormNotice
          stale={stale}
          texts="psychologistProfile"
          format={(field, value) =>
            field === 'therapyTypes'
              ? (value as string[]).map((code) => t(`therapyTypes.${code}`)).join(', ')
              : field === 'languages'
                ? (value as string[]).map((code) => languageName(code, i18n.language)).join(', ')
                : String(value)
          }
        />
        <FormActions dirty={dirty} saving={save.isPending} onDiscard={discard} discardLabel={t('psychologistProfile.discard')} />
      </Stack>
    </form>
  );
}
