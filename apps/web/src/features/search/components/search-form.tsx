import { Button, Chip, Group, MultiSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { THERAPY_TYPES, type TherapyType, type WorkLanguage } from '@rozmova/contract';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/dates';
import { workLanguageOptions } from '../../../lib/work-languages';
import { lastBookableDay, maxEndFor, type SearchRange, withEnd, withStart } from '../search-range';

/** `languages`: only psychologists working in one of them; none chosen, any. */
export type SearchDraft = SearchRange & { therapyTypes: TherapyType[]; languages: WorkLanguage[] };

type Props = {
  value: SearchDraft;
  /** The viewer's today in their saved zone: the earliest start the server accepts. */
  today: string;
  onChange: (next: SearchDraft) => void;
  onSubmit: () => void;
  searching: boolean;
};

/** Dates and therapy types with the rules of spec §5. */
export function SearchForm({ value, today, onChange, onSubmit, searching }: Props) {
  const { t, i18n } = useTranslation();
  const noTypes = value.therapyTypes.length === 0;
  const allTypes = value.therapyTypes.length === THERAPY_TYPES.length;
  const range = { startDate: value.startDate, endDate: value.endDate };

  return (
    <Paper
      component="form"
      withBorder
      p="md"
      onSubmit={(e) => {
        e.preventDefault();
        if (!noTypes) onSubmit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label={t('doctorSearch.startDate')}
            leftSection={<IconCalendar size={18} />}
            locale={i18n.language}
            valueFormat={dateFormat(i18n.language)}
            minDate={today}
            maxDate={lastBookableDay(today)}
            value={value.startDate}
            onChange={(d) => d && onChange({ ...value, ...withStart(range, d, today) })}
          />
          <DatePickerInput
            label={t('doctorSearch.endDate')}
            leftSection={<IconCalendar size={18} />}
            locale={i18n.language}
            valueFormat={dateFormat(i18n.language)}
            minDate={value.startDate}
            maxDate={maxEndFor(value.startDate, today)}
            value={value.endDate}
            onChange={(d) => d && onChange({ ...value, ...withEnd(range, d, today) })}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('doctorSearch.languages')}
          placeholder={value.languages.length ? undefined : t('doctorSearch.anyLanguage')}
          data={workLanguageOptions(i18n.language)}
          value={value.languages}
          onChange={(languages) => onChange({ ...value, languages: languages as WorkLanguage[] })}
          clearable
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        />
        <Stack gap={6} role="group" aria-labelledby="therapy-types-label">
          <Group justify="space-between" gap="xs">
            <Text id="therapy-types-label" size="sm" fw={500}>
              {t('doctorSearch.therapyTypes')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onChange({ ...value, therapyTypes: allTypes ? [] : [...THERAPY_TYPES] })}
            >
              {allTypes ? t('doctorSearch.clearAll') : t('doctorSearch.selectAll')}
            </Button>
          </Group>
          <Chip.Group
            multiple
            value={value.therapyTypes}
            onChange={(types) => onChange({ ...value, therapyTypes: types as TherapyType[] })}
          >
            <Group gap={8}>
              {THERAPY_TYPES.map((code) => (
                <Chip key={code} value={code} size="sm" variant="light">
                  {t(`therapyTypes.${code}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {noTypes && (
            <Text size="sm" c="red.5" role="alert">
              {t('doctorSearch.typesRequired')}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSearch size={18} />} loading={searching} disabled={noTypes}>
            {t('doctorSearch.search')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
