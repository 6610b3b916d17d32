import { Button, Card, Flex, Group, Stack, Text } from '@mantine/core';
import type { Appointment, AppointmentTab, PatientAppointment } from '@rozmova/contract';
import { IconClock, IconId, IconMessageStar, IconUserX, IconVideo, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { RichTextView } from '../../../components/rich-text-view';
import type { AppointmentSide } from '../../../lib/appointment-keys';
import { timeRange } from '../../../lib/dates';
import { hasStarted, usePlatformNow } from '../../../lib/platform';

/** The patient's own lists also carry their feedback on each visit. */
export type ListedAppointment = Appointment & Partial<Pick<PatientAppointment, 'patientReview'>>;

/** What a card offers beyond showing the appointment; each applies where the card says. */
export type CardActions = {
  /** Psychologist only: open the patient's details. */
  onPatientInfo?: (appointment: Appointment) => void;
  /** Start cancelling an upcoming appointment. */
  onCancel?: (appointment: Appointment) => void;
  /** Patient only, on the archived tab: write or edit their feedback on a visit that took place. */
  onReview?: (appointment: ListedAppointment) => void;
  /** Psychologist only: note that the patient did not attend a session that has started. */
  onNoShow?: (appointment: Appointment) => void;
};

type Props = CardActions & { appointment: ListedAppointment; side: AppointmentSide; tab: AppointmentTab };

/** One appointment as both sides see it: time, the other person, status, reason and the actions that apply. */
export function AppointmentCard({ appointment: a, side, tab, onPatientInfo, onCancel, onReview, onNoShow }: Props) {
  const { t } = useTranslation();
  const now = usePlatformNow();
  const missable = Boolean(onNoShow) && a.status === 'CONFIRMED' && !!now && hasStarted(a, now);
  const other = side === 'patient' ? `${a.doctorFirstName} ${a.doctorLastName}` : `${a.patientFirstName} ${a.patientLastName}`;
  const live = tab === 'active' && a.status === 'CONFIRMED';
  const time = timeRange(a.startTime, a.endTime);
  const reviewable = Boolean(onReview) && tab === 'archived' && a.status === 'CONFIRMED';

  return (
    <Card withBorder padding="md" component="article" aria-label={`${time} ${other}`}>
      {/* Details above the actions on a phone, beside them from the small breakpoint up. */}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap="sm"
      >
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {time}
              </Text>
            </Group>
            {/* A confirmed appointment leaves the active tab when it ends. */}
            <AppointmentStatusBadge status={a.status} ended={tab === 'archived'} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
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
          {reviewable && a.patientReview ? (
            <Stack gap={2} mt={4}>
              <Text size="sm" c="dimmed">
                {t('appointments.review.yours')}
              </Text>
              <RichTextView html={a.patientReview} />
            </Stack>
          ) : null}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {onPatientInfo && (
            <Button variant="default" size="xs" leftSection={<IconId size={16} />} onClick={() => onPatientInfo(a)}>
              {t('appointments.patientInfo')}
            </Button>
          )}
          {reviewable && onReview && (
            <Button variant="light" size="xs" leftSection={<IconMessageStar size={16} />} onClick={() => onReview(a)}>
              {t(a.patientReview ? 'appointments.review.edit' : 'appointments.review.add')}
            </Button>
          )}
          {missable && onNoShow && (
            <Button variant="default" size="xs" leftSection={<IconUserX size={16} />} onClick={() => onNoShow(a)}>
              {t('appointments.noShow.mark')}
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
      </Flex>
    </Card>
  );
}
