import { NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GROUP_CAPACITY, GROUP_ENROLMENTS, GROUP_TITLE_MAX, LIMITS, THERAPY_TYPES } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import type { CreateGroupValues } from '../create-group-values';
import { CapacityHint } from './capacity-hint';

/** What the program is: its name, what it is about, its therapy type, how many it takes and how patients join. */
export function ProgramFields({ form }: { form: UseFormReturnType<CreateGroupValues> }) {
  const { t } = useTranslation();
  const types = THERAPY_TYPES.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }));
  return (
    <Stack gap="md">
      <TextInput
        label={t('groups.form.title')}
        withAsterisk
        maxLength={GROUP_TITLE_MAX}
        data-autofocus
        {...form.getInputProps('title')}
      />
      <CountedTextarea
        max={LIMITS.longText}
        label={t('groups.form.description')}
        description={t('groups.form.descriptionHint')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('description')}
      />
      <Select
        label={t('groups.form.therapyType')}
        withAsterisk
        data={types}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('therapyType')}
      />
      <div>
        <NumberInput
          label={t('groups.form.capacity')}
          description={t('groups.form.capacityRange', GROUP_CAPACITY)}
          withAsterisk
          min={GROUP_CAPACITY.min}
          max={GROUP_CAPACITY.max}
          allowDecimal={false}
          allowNegative={false}
          maw={200}
          {...form.getInputProps('capacity')}
        />
        <CapacityHint capacity={Number(form.values.capacity) || 0} />
      </div>
      <Radio.Group label={t('groups.form.enrolment')} withAsterisk {...form.getInputProps('enrolment')}>
        <Stack gap="xs" mt={6}>
          {GROUP_ENROLMENTS.map((value) => (
            <Radio
              key={value}
              value={value}
              label={t(`groups.enrolment.${value}`)}
              description={t(`groups.enrolment.${value}Hint`)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
