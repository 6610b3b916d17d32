import { Button, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EXPERIENCE_MAX, EXPERIENCE_MIN, type PsychologistProfile } from '@rozmova/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useTherapyTypes } from '../api/get-therapy-types';
import { useUpdateProfile } from '../api/update-profile';
import { checkProfile, type ProfileValues, toProfileValues } from './profile-values';

/** The editable profile fields; leaving with unsaved edits asks first. */
export function ProfileForm({ profile }: { profile: PsychologistProfile }) {
  const { t } = useTranslation();
  const therapyTypes = useTherapyTypes();
  const save = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: toProfileValues(profile),
    validateInputOnBlur: true,
    validate: (values) => {
      const checked = checkProfile(values, t);
      return checked.ok ? {} : checked.errors;
    },
  });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const submit = form.onSubmit((values) => {
    const checked = checkProfile(values, t);
    if (!checked.ok) return;
    save.mutate(checked.body, {
      onSuccess: () => {
        const saved = { ...values, ...checked.body };
        form.setValues(saved);
        form.setInitialValues(saved);
        form.resetDirty(saved);
        notify.success(t('psychologistProfile.saveSuccess'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          form.setErrors(Object.fromEntries(err.fields.map((f) => [f.field, t('psychologistProfile.validation.invalid')])));
        }
        notify.error(t('psychologistProfile.errorMessage'));
      },
    });
  });

  // Chosen codes stay visible even while the list loads or if it failed.
  const codes = [...new Set([...(therapyTypes.data ?? []), ...form.values.therapyTypes])];
  const typeOptions = codes.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('psychologistProfile.firstName')} withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label={t('psychologistProfile.lastName')} withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <NumberInput
          label={t('psychologistProfile.experience')}
          description={t('psychologistProfile.experienceHint', { min: EXPERIENCE_MIN, max: EXPERIENCE_MAX })}
          withAsterisk
          min={EXPERIENCE_MIN}
          max={EXPERIENCE_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={260}
          {...form.getInputProps('experience')}
        />
        <MultiSelect
          label={t('psychologistProfile.therapyTypes')}
          placeholder={form.values.therapyTypes.length ? undefined : t('psychologistProfile.therapyTypesPlaceholder')}
          data={typeOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('psychologistProfile.nothingFound')}
          disabled={therapyTypes.isLoading}
          {...form.getInputProps('therapyTypes')}
          error={form.errors.therapyTypes ?? (therapyTypes.isError ? t('psychologistProfile.therapyTypesError') : undefined)}
        />
        <Textarea
          label={t('psychologistProfile.specialties')}
          description={t('psychologistProfile.specialtiesHint')}
          autosize
          minRows={2}
          {...form.getInputProps('specialties')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea label={t('psychologistProfile.education')} autosize minRows={3} {...form.getInputProps('education')} />
          <Textarea label={t('psychologistProfile.certificates')} autosize minRows={3} {...form.getInputProps('certificates')} />
        </SimpleGrid>
        <Textarea
          label={t('psychologistProfile.description')}
          description={t('psychologistProfile.descriptionHint')}
          autosize
          minRows={4}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.reset()}>
            {t('psychologistProfile.discard')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty} leftSection={<IconDeviceFloppy size={18} />}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
