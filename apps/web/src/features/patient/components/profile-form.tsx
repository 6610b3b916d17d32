import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LIMITS, type PatientProfile } from '@rozmova/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { dateFormat, todayIso } from '../../../lib/dates';
import { useSavedForm } from '../../../lib/use-saved-form';
import { useUpdatePatientProfile } from '../api/update-profile';
import { checkValues, toValues } from './profile-values';

/** The patient's editable details; leaving with unsaved edits asks first. */
export function PatientProfileForm({ profile }: { profile: PatientProfile }) {
  const { t, i18n } = useTranslation();
  const save = useUpdatePatientProfile();
  const { form, dirty, submit } = useSavedForm({
    initialValues: toValues(profile),
    check: checkValues,
    save,
    savedValues: toValues,
    keys: {
      saved: 'patientProfile.saveSuccess',
      failed: 'patientProfile.errorMessage',
      invalid: 'patientProfile.validation.invalid',
    },
  });

  const dateOfBirth = form.getInputProps('dateOfBirth');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('patientProfile.firstName')}
            withAsterisk
            autoComplete="given-name"
            maxLength={LIMITS.name}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('patientProfile.lastName')}
            withAsterisk
            autoComplete="family-name"
            maxLength={LIMITS.name}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <DatePickerInput
          label={t('patientProfile.dateOfBirth')}
          placeholder={t('patientProfile.dateOfBirthPlaceholder')}
          leftSection={<IconCalendar size={18} />}
          clearable
          maxDate={todayIso()}
          defaultLevel={form.values.dateOfBirth ? 'month' : 'decade'}
          valueFormat={dateFormat(i18n.language)}
          locale={i18n.language}
          maw={320}
          value={form.values.dateOfBirth || null}
          onChange={(d) => form.setFieldValue('dateOfBirth', d ?? '')}
          error={dateOfBirth.error}
        />
        <Textarea
          label={t('patientProfile.aboutMe')}
          description={t('patientProfile.aboutMeHint')}
          autosize
          minRows={3}
          maxLength={LIMITS.longText}
          {...form.getInputProps('aboutMe')}
        />
        <Textarea
          label={t('patientProfile.therapyGoals')}
          description={t('patientProfile.therapyGoalsHint')}
          autosize
          minRows={3}
          maxLength={LIMITS.longText}
          {...form.getInputProps('therapyGoals')}
        />
        <FormActions
          dirty={dirty}
          saving={save.isPending}
          onDiscard={() => form.reset()}
          discardLabel={t('patientProfile.discard')}
        />
      </Stack>
    </form>
  );
}
