import { Anchor, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import type { AppointmentListItem } from '@rozmova/contract';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { SessionTime } from '../../../components/session-time';
import { groupByDate, timeRange, useFormatDate } from '../../../lib/dates';
import { hasEnded } from '../../../lib/session-window';
import { useNowAt } from '../../../lib/use-now-at';
import { GroupAttendance } from './group-attendance';

type Props = {
  appointments: AppointmentListItem[];
  /** Leave the patient's name out (the dashboard shows one patient at a time). */
  withPatient?: boolean;
  emptyTitle: string;
};

/**
 * Appointments under a heading per date: time, patient, psychologist (to their profile), status (a confirmed one that
 * has ended reads as completed) and reason.
 */
export function AppointmentRows({ appointments, withPatient = true, emptyTitle }: Props) {
  const formatDate = useFormatDate();
  // A confirmed session reads completed from its end on, without waiting for the next load.
  const now = useNowAt(appointments.map((a) => Date.parse(a.endsAt)));
  if (appointments.length === 0) {
    return <EmptyState py="lg" icon={<IconCalendarEvent size={28} />} withIndicatorBackground title={emptyTitle} />;
  }
  return (
    <Stack gap="lg">
      {groupByDate(appointments).map(({ date, items }) => (
        <Stack key={date} gap="xs" component="section" aria-label={formatDate(date)}>
          <Text component="h3" fw={700} m={0}>
            {formatDate(date)}
          </Text>
          {items.map((a) => (
            <AppointmentRow key={`${a.kind}-${a.id}`} appointment={a} withPatient={withPatient} ended={hasEnded(a, now)} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

type RowProps = { appointment: AppointmentListItem; withPatient: boolean; ended: boolean };

function AppointmentRow({ appointment: a, withPatient, ended }: RowProps) {
  const { t } = useTranslation();
  const time = timeRange(a.startTime, a.endTime);
  const patient = a.patientFirstName === null ? '' : `${a.patientFirstName} ${a.patientLastName}`;
  const group = a.kind === 'GROUP' && a.group ? t('groups.inList', { title: a.group.title }) : null;
  const doctor = `${a.doctorFirstName} ${a.doctorLastName}`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${time} ${withPatient ? patient || group : doctor}`}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text>
            <SessionTime times={a} />
          </Text>
          <AppointmentStatusBadge status={a.status} ended={ended} />
        </Group>
        {group && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {group}
          </Text>
        )}
        {/* The patient's mark: once the session has ended, or ahead of it when they skipped it in time. */}
        {group && a.patientId !== null && (a.attendance || (ended && a.status === 'CONFIRMED')) && (
          <GroupAttendance attendance={a.attendance} />
        )}
        {withPatient && patient && (
          <Text size="sm">
            <Text span c="dimmed">
              {t('appointments.withPatient')}:{' '}
            </Text>
            {patient}
          </Text>
        )}
        <Text size="sm">
          <Text span c="dimmed">
            {t('appointments.withDoctor')}:{' '}
          </Text>
          <Anchor component={Link} to={`/doctor/profile/${a.doctorId}`} size="sm">
            {doctor}
          </Anchor>
        </Text>
        {a.status === 'CANCELED' && a.cancellationReason ? (
          <Text size="sm" c="red.3" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {t('appointments.cancellationReason')}:{' '}
            </Text>
            {a.cancellationReason}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
