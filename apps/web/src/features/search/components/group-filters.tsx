import { Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { THERAPY_TYPES, type TherapyType } from '@rozmova/contract';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/dates';
import type { GroupSearchParams } from '../api/group-keys';

export type GroupFilterValues = Omit<GroupSearchParams, 'page'>;

type Props = {
  value: GroupFilterValues;
  /** The viewer's today in their saved zone: sessions before it are over. */
  today: string;
  onChange: (next: GroupFilterValues) => void;
  onSubmit: () => void;
  searching: boolean;
};

/** Therapy type and the dates sessions fall on, each optional: left empty, every open group is shown. */
export function GroupFilters({ value, today, onChange, onSubmit, searching }: Props) {
  const { t, i18n } = useTranslation();
  const picker = {
    leftSection: <IconCalendar size={18} />,
    locale: i18n.language,
    valueFormat: dateFormat(i18n.language),
    placeholder: t('groupSearch.anyDate'),
    clearable: true,
    clearButtonProps: { 'aria-label': t('groupSearch.clearDate') },
  };
  return (
    <Paper
      component="form"
      withBorder
      p="md"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('groupSearch.therapyType')}
            placeholder={t('groupSearch.anyType')}
            clearable
            clearButtonProps={{ 'aria-label': t('groupSearch.clearType') }}
            data={THERAPY_TYPES.map((code) => ({ value: code, label: t(`therapyTypes.${code}`) }))}
            value={value.therapyType ?? null}
            onChange={(v) => onChange({ ...value, therapyType: (v as TherapyType | null) ?? undefined })}
          />
          <DatePickerInput
            {...picker}
            label={t('groupSearch.startDate')}
            minDate={today}
            value={value.startDate ?? null}
            onChange={(d) => {
              const startDate = d ?? undefined;
              // A start after the chosen end moves the end along, as the doctor search does.
              const endDate = startDate && value.endDate && value.endDate < startDate ? startDate : value.endDate;
              onChange({ ...value, startDate, endDate });
            }}
          />
          <DatePickerInput
            {...picker}
            label={t('groupSearch.endDate')}
            minDate={value.startDate ?? today}
            value={value.endDate ?? null}
            onChange={(d) => onChange({ ...value, endDate: d ?? undefined })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSearch size={18} />} loading={searching}>
            {t('groupSearch.search')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
