import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { LIMITS, type PatientProfile } from '@rozmova/contract';
import { IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { DATE_FORMAT, todayIso } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useUpdatePatientProfile } from '../api/update-profile';
import { checkValues, type PatientProfileValues, toValues } from './profile-values';

/** The patient's editable details; leaving with unsaved edits asks first. */
export function PatientProfileForm({ profile }: { profile: PatientProfile }) {
  const { t, i18n } = useTranslation();
  const save = useUpdatePatientProfile();
  const form = useForm<PatientProfileValues>({
    initialValues: toValues(profile),
    validateInputOnBlur: true,
    validate: (values) => {
      const checked = checkValues(values, t);
      return checked.ok ? {} : checked.errors;
    },
  });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const submit = form.onSubmit((values) => {
    const checked = checkValues(values, t);
    if (!checked.ok) return;
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        const next = toValues(saved);
        form.setValues(next);
        form.setInitialValues(next);
        form.resetDirty(next);
        notify.success(t('patientProfile.saveSuccess'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.field, t('patientProfile.validation.invalid')])));
        }
        notify.error(t('patientProfile.errorMessage'));
      },
    });
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
          valueFormat={DATE_FORMAT}
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
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.reset()}>
            {t('patientProfile.discard')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty} leftSection={<IconDeviceFloppy size={18} />}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
