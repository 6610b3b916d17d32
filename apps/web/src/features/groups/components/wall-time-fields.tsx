import { Group, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateFormat, parseTypedDate } from '../../../lib/dates';
import { zoneLabel } from '../../../lib/time-zones';
import { calendarLabels } from '../calendar-labels';

type Props = {
  date: string | null;
  time: string;
  onDate: (date: string | null) => void;
  onTime: (time: string) => void;
  /** The psychologist's own zone: what is typed is read on its clock. */
  timeZone: string;
  minDate?: string;
  errors?: { date?: string; time?: string };
  labels: { date: string; time: string };
};

/** A date (typed or picked) and a time on the psychologist's own clock, with the zone they are read in. */
export function WallTimeFields({ date, time, onDate, onTime, timeZone, minDate, errors, labels }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
        <DateInput
          label={labels.date}
          withAsterisk
          leftSection={<IconCalendar size={18} />}
          value={date}
          onChange={onDate}
          dateParser={(text) => parseTypedDate(text, i18n.language)}
          valueFormat={dateFormat(i18n.language)}
          locale={i18n.language}
          placeholder={t('groups.form.datePlaceholder')}
          ariaLabels={calendarLabels(t)}
          minDate={minDate}
          error={errors?.date}
          popoverProps={{ withinPortal: true }}
          miw={200}
        />
        <TimeInput
          label={labels.time}
          withAsterisk
          leftSection={<IconClock size={18} />}
          value={time}
          onChange={(e) => onTime(e.currentTarget.value)}
          error={errors?.time}
          miw={140}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('groups.form.zone', { zone: zoneLabel(timeZone).label })}
      </Text>
    </div>
  );
}
