import { Stack } from '@mantine/core';
import { LIMITS, type PatientProfile } from '@rozmova/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { BirthDateInput } from '../../../components/profile-fields/birth-date-input';
import { NameFields } from '../../../components/profile-fields/name-fields';
import { PatientAboutFields } from '../../../components/profile-fields/patient-about-fields';
import { StaleFormNotice } from '../../../components/stale-notice';
import { todayIso, useFormatDate } from '../../../lib/dates';
import { useSavedForm } from '../../../lib/use-saved-form';
import { patientProfileQuery } from '../api/get-profile';
import { useUpdatePatientProfile } from '../api/update-profile';
import { checkValues, toValues } from './patient-profile-values';

/** The patient's editable details; leaving with unsaved edits asks first. */
export function PatientProfileForm({ profile }: { profile: PatientProfile }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const save = useUpdatePatientProfile();
  const queryClient = useQueryClient();
  const { form, dirty, submit, stale, discard } = useSavedForm({
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
        <NameFields form={form} texts="patientProfile" withAsterisk maxLength={LIMITS.name} autoFill />
        <BirthDateInput
          label={t('patientProfile.dateOfBirth')}
          placeholder={t('patientProfile.dateOfBirthPlaceholder')}
          clearable
          clearButtonProps={{ 'aria-label': t('patientProfile.clearDateOfBirth') }}
          maxDate={todayIso()}
          defaultLevel={form.values.dateOfBirth ? 'month' : 'decade'}
          maw={320}
          value={form.values.dateOfBirth || null}
          onChange={(d) => form.setFieldValue('dateOfBirth', d ?? '')}
          error={dateOfBirth.error}
        />
        <PatientAboutFields form={form} texts="patientProfile" />
        <StaleFormNotice
          stale={stale}
          texts="patientProfile"
          format={(field, value) => (field === 'dateOfBirth' && value ? formatDate(String(value)) : String(value))}
        />
        <FormActions dirty={dirty} saving={save.isPending} onDiscard={discard} discardLabel={t('patientProfile.discard')} />
      </Stack>
    </form>
  );
}
