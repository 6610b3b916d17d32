import { alpha, Chip, Group, Paper, Text } from '@mantine/core';
import { formatTime } from '@rozmova/contract';
import { type SlotDuration, slotLabel } from './schedule-model';

type Props = {
  title: string;
  /** Start times offered in this part of the day. */
  starts: number[];
  chosen: ReadonlySet<number>;
  duration: SlotDuration;
  highlighted?: boolean;
  onToggle: (start: number) => void;
};

/** One part of the day (night and morning, working hours, evening) with a toggle per slot. */
export function SlotSection({ title, starts, chosen, duration, highlighted = false, onToggle }: Props) {
  if (starts.length === 0) return null;
  const range = `${formatTime(starts[0])}–${formatTime(starts.at(-1)! + duration)}`;
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={`${title}, ${range}`}
      bg={highlighted ? alpha('var(--mantine-color-teal-6)', 0.08) : undefined}
      style={highlighted ? { borderColor: 'var(--mantine-color-teal-outline)' } : undefined}
    >
      <Group gap="xs" mb="xs">
        <Text fw={600} size="sm" c={highlighted ? 'teal' : undefined}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {range}
        </Text>
      </Group>
      <Group gap={6}>
        {starts.map((start) => (
          <Chip
            key={start}
            size="sm"
            radius="sm"
            variant={highlighted ? 'filled' : 'outline'}
            checked={chosen.has(start)}
            onChange={() => onToggle(start)}
          >
            {slotLabel(start, duration)}
          </Chip>
        ))}
      </Group>
    </Paper>
  );
}
