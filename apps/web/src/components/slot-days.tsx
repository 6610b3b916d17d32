import { Button, Group, Stack, Text } from '@mantine/core';
import type { AvailableSlot } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { groupByDate, useFormatDate } from '../lib/dates';
import { useZonedTime } from '../lib/zoned-time';
import { SessionTime } from './session-time';

type Props = {
  slots: AvailableSlot[];
  /** The psychologist's zone: a slot also shows its time on their clock when it reads otherwise. */
  doctorZone: string;
  onBook: (slot: AvailableSlot) => void;
};

/** A doctor's free slots under a heading per day; each slot is a button that starts booking. */
export function SlotDays({ slots, doctorZone, onBook }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zoned = useZonedTime();
  return (
    <Stack gap="sm">
      {groupByDate(slots).map(({ date, items }) => (
        <Stack key={date} gap={6}>
          <Text size="sm" fw={600} c="dimmed" component="h4" m={0}>
            {formatDate(date)}
          </Text>
          <Group gap={8}>
            {items.map((slot) => {
              const elsewhere = zoned.elsewhere(slot, doctorZone);
              return (
                <Button
                  key={slot.startsAt}
                  variant="light"
                  size="xs"
                  h="auto"
                  py={4}
                  onClick={() => onBook(slot)}
                  // The visible text, whole and first, then the day: voice control users say what they see.
                  aria-label={t('doctorSearch.bookSlot', {
                    time: elsewhere ? `${zoned.range(slot)} ${elsewhere}` : zoned.range(slot),
                    date: formatDate(date),
                  })}
                >
                  <span>
                    <SessionTime times={slot} otherZone={doctorZone} stacked />
                  </span>
                </Button>
              );
            })}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
