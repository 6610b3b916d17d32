import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { GroupSession } from '@rozmova/contract';
import { IconCalendarRepeat, IconChecklist, IconVideo, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SessionTime } from '../../../components/session-time';
import { useFormatDate } from '../../../lib/dates';
import { hasEnded, hasStarted, joinWindow, roomPhase } from '../../../lib/session-window';

export type SessionActions = {
  onMove: (session: GroupSession) => void;
  onCancel: (session: GroupSession) => void;
  onOpen: (session: GroupSession) => void;
};

type Props = SessionActions & { session: GroupSession; n: number; now: number; ended: boolean };

/** One session: when, its state, and what may be done with it now (move, cancel, join, attendance and note). */
export function SessionRow({ session: s, n, now, ended, onMove, onCancel, onOpen }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const confirmed = s.status === 'CONFIRMED';
  const started = hasStarted(s, now);
  const over = hasEnded(s, now);
  const phase = roomPhase({ status: s.status, ...joinWindow(s) }, now);
  let state = t('groups.session.upcoming');
  if (!confirmed) state = t('groups.session.canceled');
  else if (over) state = t('groups.session.done');
  else if (started) state = t('groups.session.now');
  const when = formatDate(s.date);

  return (
    <Paper component="li" withBorder p="sm" aria-label={t('groups.session.label', { n, when })}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed">
            {t('groups.session.number', { n })}
          </Text>
          <Text fw={600} td={confirmed ? undefined : 'line-through'}>
            {when}, <SessionTime times={s} strong={false} />
          </Text>
        </Stack>
        <Badge variant="light" tt="none" color={confirmed ? (over ? 'gray' : 'teal') : 'red'}>
          {state}
        </Badge>
      </Group>
      <Group gap="xs" mt="xs" justify="flex-end">
        {confirmed && phase === 'open' && s.videoCallRoomId && (
          <Button
            component={Link}
            to={`/video-chat-room?room=${s.videoCallRoomId}`}
            size="xs"
            leftSection={<IconVideo size={16} />}
          >
            {t('groups.session.join')}
          </Button>
        )}
        {confirmed && (
          <Button
            size="xs"
            variant={started ? 'light' : 'default'}
            leftSection={<IconChecklist size={16} />}
            onClick={() => onOpen(s)}
          >
            {t('groups.session.attendanceAndNote')}
          </Button>
        )}
        {confirmed && !started && !ended && (
          <Button size="xs" variant="default" leftSection={<IconCalendarRepeat size={16} />} onClick={() => onMove(s)}>
            {t('groups.session.move')}
          </Button>
        )}
        {confirmed && !over && !ended && (
          <Button size="xs" variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => onCancel(s)}>
            {t('groups.session.cancel')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
