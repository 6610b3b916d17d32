import { Button, Group, Stack, Text } from '@mantine/core';
import type { AvailableSlot } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { groupByDate, timeRange, useFormatDate } from '../../../lib/dates';

type Props = { slots: AvailableSlot[]; onBook: (slot: AvailableSlot) => void };

/** A doctor's free slots under a heading per day; each slot is a button that starts booking. */
export function SlotDays({ slots, onBook }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Stack gap="sm">
      {groupByDate(slots).map(({ date, items }) => (
        <Stack key={date} gap={6}>
          <Text size="sm" fw={600} c="dimmed" component="h4" m={0}>
            {formatDate(date)}
          </Text>
          <Group gap={8}>
            {items.map((slot) => {
              const time = timeRange(slot.startTime, slot.endTime);
              return (
                <Button
                  key={slot.startTime}
                  variant="light"
                  size="xs"
                  onClick={() => onBook(slot)}
                  aria-label={t('doctorSearch.bookSlot', { time, date: formatDate(date) })}
                >
                  {time}
                </Button>
              );
            })}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
