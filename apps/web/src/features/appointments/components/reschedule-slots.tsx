import { Radio, Stack, Text } from '@mantine/core';
import type { AvailableSlot } from '@rozmova/contract';
import { SessionTime } from '../../../components/session-time';
import { groupByDate, useFormatDate } from '../../../lib/dates';

type Props = {
  label: string;
  slots: AvailableSlot[];
  /** The psychologist's zone: each time also reads on their clock when it differs. */
  doctorZone: string;
  value: string | null;
  onChange: (startsAt: string) => void;
};

/**
 * The free times to move to, under a heading per date, as one group of radio buttons: Tab reaches the group, the
 * arrow keys walk through every time across the dates, Space picks one.
 */
export function RescheduleSlots({ label, slots, doctorZone, value, onChange }: Props) {
  const formatDate = useFormatDate();
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Stack gap="sm" mt="xs" mah="50vh" style={{ overflowY: 'auto' }}>
        {groupByDate(slots).map(({ date, items }) => (
          <Stack key={date} gap={6} role="group" aria-label={formatDate(date)}>
            <Text size="sm" fw={600} c="dimmed">
              {formatDate(date)}
            </Text>
            {items.map((slot) => (
              <Radio key={slot.startsAt} value={slot.startsAt} label={<SessionTime times={slot} otherZone={doctorZone} />} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}
