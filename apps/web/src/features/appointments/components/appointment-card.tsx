import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Appointment, AppointmentTab } from '@rozmova/contract';
import { IconClock, IconId, IconVideo, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentSide } from '../../../lib/appointment-keys';
import { timeRange } from '../../../lib/dates';
import { StatusBadge } from './status-badge';

type Props = {
  appointment: Appointment;
  side: AppointmentSide;
  tab: AppointmentTab;
  /** Psychologist only: open the patient's details. */
  onPatientInfo?: (appointment: Appointment) => void;
  /** Psychologist only: start cancelling. */
  onCancel?: (appointment: Appointment) => void;
};

/** One appointment as both sides see it: time, the other person, status, reason and the actions that apply. */
export function AppointmentCard({ appointment: a, side, tab, onPatientInfo, onCancel }: Props) {
  const { t } = useTranslation();
  const other = side === 'patient' ? `${a.doctorFirstName} ${a.doctorLastName}` : `${a.patientFirstName} ${a.patientLastName}`;
  const live = tab === 'active' && a.status === 'CONFIRMED';
  const time = timeRange(a.startTime, a.endTime);

  return (
    <Card withBorder padding="md" component="article" aria-label={`${time} ${other}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text fw={700}>{time}</Text>
            <StatusBadge status={a.status} tab={tab} />
          </Group>
          <Text size="sm">
            <Text span c="dimmed">
              {side === 'patient' ? t('appointments.withDoctor') : t('appointments.withPatient')}:{' '}
            </Text>
            {other}
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
        <Group gap="xs">
          {onPatientInfo && (
            <Button variant="default" size="xs" leftSection={<IconId size={16} />} onClick={() => onPatientInfo(a)}>
              {t('appointments.patientInfo')}
            </Button>
          )}
          {live && onCancel && (
            <Button variant="light" color="red" size="xs" leftSection={<IconX size={16} />} onClick={() => onCancel(a)}>
              {t('appointments.cancel')}
            </Button>
          )}
          {live && a.videoCallRoomId && (
            <Button
              component={Link}
              to={`/video-chat-room?room=${encodeURIComponent(a.videoCallRoomId)}`}
              size="xs"
              leftSection={<IconVideo size={16} />}
            >
              {t('appointments.videoCall')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
