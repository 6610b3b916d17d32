import { Anchor, Badge, Button, Card, Flex, Group, Stack, Text } from '@mantine/core';
import type { AppointmentListItem, AppointmentTab, AttendanceStatus } from '@rozmova/contract';
import { PATIENT_CANCEL_NOTICE_HOURS, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract/constants';
import { IconCalendarOff, IconClock, IconUsersGroup } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { SessionTime } from '../../../components/session-time';
import { timeRange } from '../../../lib/dates';
import { hasEnded, patientNoticeEnds, sessionBoundaries, sessionRoomPhase } from '../../../lib/session-window';
import { useNowAt } from '../../../lib/use-now-at';
import { CalendarButton } from './calendar-button';
import { JoinButton } from './join-button';

const ATTENDANCE_COLORS: Record<AttendanceStatus, string> = {
  ATTENDED: 'teal',
  NO_SHOW: 'orange',
  LATE_CANCEL: 'orange',
  EXCUSED: 'gray',
};

type Props = { appointment: AppointmentListItem; tab: AppointmentTab; onSkip: (appointment: AppointmentListItem) => void };

/**
 * A session of one of the patient's groups: the group and its psychologist, the time on the patient's clock, the way
 * into the room while it admits, its calendar invite, and skipping it until the notice runs out.
 */
export function GroupSessionCard({ appointment: a, tab, onSkip }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const now = useNowAt(sessionBoundaries(a));
  const confirmed = a.status === 'CONFIRMED';
  const ended = hasEnded(a, now);
  const live = tab === 'active' && confirmed && !ended;
  const room = sessionRoomPhase(a, now);
  const skippable = confirmed && now < patientNoticeEnds(a);
  const title = a.group?.title ?? '';
  const hints = [
    live && !skippable ? t('groupSession.noticePassed', { hours: PATIENT_CANCEL_NOTICE_HOURS }) : null,
    live && room === 'waiting' && a.videoCallRoomId ? t('appointments.joinOpens', { minutes: ROOM_OPENS_MINUTES_BEFORE }) : null,
  ].filter((h) => h !== null);

  return (
    <Card withBorder padding="md" component="article" aria-label={`${timeRange(a.startTime, a.endTime)} ${title}`}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap="sm"
      >
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
              <Text>
                <SessionTime times={a} />
              </Text>
            </Group>
            <Group gap={4} justify="flex-end">
              <Badge variant="outline" tt="none" miw="max-content" leftSection={<IconUsersGroup size={12} aria-hidden />}>
                {t('groupSession.badge')}
              </Badge>
              {a.attendance && tab === 'archived' ? (
                <Badge color={ATTENDANCE_COLORS[a.attendance]} variant="light" tt="none" miw="max-content">
                  {t(`groupSession.attendance.${a.attendance}`)}
                </Badge>
              ) : (
                <AppointmentStatusBadge status={a.status} ended={ended} />
              )}
            </Group>
          </Group>
          {/* The link wraps in a box of its own, beside its label rather than under it. */}
          <Group gap={4} wrap="nowrap" align="baseline">
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {t('groupSession.group')}:
            </Text>
            {a.group ? (
              <Anchor component={Link} to={`/group/${a.group.id}`} size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Anchor>
            ) : null}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed">
              {t('appointments.withDoctor')}:{' '}
            </Text>
            {a.doctorFirstName} {a.doctorLastName}
          </Text>
          {hints.length > 0 && (
            <Text id={hintId} size="xs" c="dimmed">
              {hints.join(' ')}
            </Text>
          )}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {live && <CalendarButton appointmentId={a.id} kind="GROUP" />}
          {live && (
            <Button
              variant="light"
              color="orange"
              size="xs"
              leftSection={<IconCalendarOff size={16} />}
              disabled={!skippable}
              aria-describedby={skippable ? undefined : hintId}
              onClick={() => onSkip(a)}
            >
              {t('groupSession.skip')}
            </Button>
          )}
          {/* As for individual sessions, the room admits until a while after the end. */}
          {a.videoCallRoomId && (room === 'open' || (live && room === 'waiting')) && (
            <JoinButton room={a.videoCallRoomId} open={room === 'open'} hintId={hintId} />
          )}
        </Group>
      </Flex>
    </Card>
  );
}
