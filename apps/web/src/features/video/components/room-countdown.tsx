import { Alert, Text } from '@mantine/core';
import { ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract/constants';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { useCountdown } from '../../../lib/use-countdown';
import { wallClockIn, zoneAbbr } from '../../../lib/zoned-time';
import { formatWait } from '../call/wait';

type Props = { opensAt: number; timeZone: string };

/** Before the room opens: when it opens on the viewer's clock, and a live countdown to it. */
export function RoomCountdown({ opensAt, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const wait = formatWait(useCountdown(opensAt), i18n.language);
  const at = new Date(opensAt);
  const wall = wallClockIn(at, timeZone);
  const when = `${formatDate(wall.date)}, ${wall.time} ${zoneAbbr(timeZone, at, i18n.language)}`;
  return (
    <Alert color="blue" variant="light" icon={<IconClockHour4 size={20} />} title={t('video.window.notYet')}>
      <Text size="sm">{t('video.window.opensAt', { minutes: ROOM_OPENS_MINUTES_BEFORE, when })}</Text>
      <Text role="timer" fz="xl" fw={700} mt="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('video.window.opensIn', { time: wait })}
      </Text>
    </Alert>
  );
}
