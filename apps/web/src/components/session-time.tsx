import { Text } from '@mantine/core';
import { useZonedTime, type ZonedTimes } from '../lib/zoned-time';

type Props = {
  times: ZonedTimes;
  /** The other person's zone: their start time is added when their clock reads otherwise than the viewer's. */
  otherZone?: string;
  /** The other person's time on a line of its own (narrow places such as a slot button). */
  stacked?: boolean;
  /** The viewer's time in bold, as cards lead with it; tables keep their rows' weight. */
  strong?: boolean;
};

/** A session's time as every screen shows it: "09:00–10:00 EST · 10:00 in Kyiv". */
export function SessionTime({ times, otherZone, stacked = false, strong = true }: Props) {
  const zoned = useZonedTime();
  const elsewhere = otherZone ? zoned.elsewhere(times, otherZone) : null;
  return (
    <>
      <Text span inherit fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {zoned.range(times)}
      </Text>
      {elsewhere && (
        <Text span inherit c="dimmed" fw={400} display={stacked ? 'block' : undefined} fz="0.9em">
          {stacked ? elsewhere : ` · ${elsewhere}`}
        </Text>
      )}
    </>
  );
}
