import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateFormat, parseTypedDate } from '../../lib/dates';

/**
 * A date of birth, typed or picked, in the chosen language's date format. The calendar of an empty field opens on a
 * plausible adult's birth year, not on today.
 */
export function BirthDateInput(props: DateInputProps) {
  const { i18n } = useTranslation();
  return (
    <DateInput
      leftSection={<IconCalendar size={18} />}
      defaultDate={dayjs().subtract(30, 'year').format('YYYY-MM-DD')}
      dateParser={(text) => parseTypedDate(text, i18n.language)}
      valueFormat={dateFormat(i18n.language)}
      locale={i18n.language}
      {...props}
    />
  );
}
