import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { LIMITS, type PatientProfile } from '@rozmova/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { FormActions } from '../../../components/form-actions';
import { StaleFormNotice } from '../../../components/stale-notice';
import { dateFormat, parseTypedDate, todayIso } from '../../../lib/dates';
import { useSavedForm } from '../../../lib/use-saved-form';
import { patientProfileQuery } from '../api/get-profile';
import { useUpdatePatientProfile } from '../api/update-profile';
import { checkValues, toValues } from './patient-profile-values';

/** The patient's editable details; leaving with unsaved edits asks first. */
export function PatientProfileForm({ profile }: { profile: PatientProfile }) {
  const { t, i18n } = useTranslation();
  const save = useUpdatePatientProfile();
  const queryClient = useQueryClient();
  const { form, dirty, submit, stale } = useSavedForm({
    initialValues: toValues(profile),
    check: checkValues,
    save,
    savedValues: toValues,
    keys: {
      saved: 'patientProfile.saveSuccess',
      failed: 'patientProfile.errorMessage',
      invalid: 'patientProfile.validation.invalid',
    },
    version: profile.version,
    reload: async () => {
      const fresh = await queryClient.fetchQuery({ ...patientProfileQuery, staleTime: 0 });
      return { version: fresh.version, values: toValues(fresh) };
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
        <DateInput
          label={t('patientProfile.dateOfBirth')}
          placeholder={t('patientProfile.dateOfBirthPlaceholder')}
          leftSection={<IconCalendar size={18} />}
          clearable
          clearButtonProps={{ 'aria-label': t('patientProfile.clearDateOfBirth') }}
          maxDate={todayIso()}
          defaultLevel={form.values.dateOfBirth ? 'month' : 'decade'}
          defaultDate={dayjs().subtract(30, 'year').format('YYYY-MM-DD')}
          dateParser={(text) => parseTypedDate(text, i18n.language)}
          valueFormat={dateFormat(i18n.language)}
          locale={i18n.language}
          maw={320}
          value={form.values.dateOfBirth || null}
          onChange={(d) => form.setFieldValue('dateOfBirth', d ?? '')}
          error={dateOfBirth.error}
        />
        <CountedTextarea
          max={LIMITS.longText}
          label={t('patientProfile.aboutMe')}
          description={t('patientProfile.aboutMeHint')}
          autosize
          minRows={3}
          {...form.getInputProps('aboutMe')}
        />
        <CountedTextarea
          max={LIMITS.longText}
          label={t('patientProfile.therapyGoals')}
          description={t('patientProfile.therapyGoalsHint')}
          autosize
          minRows={3}
          {...form.getInputProps('therapyGoals')}
        />
        <StaleFormNotice stale={stale} />
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
