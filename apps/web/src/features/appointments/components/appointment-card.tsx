import { Button, Card, Flex, Group, Stack, Text } from '@mantine/core';
import type { AppointmentListItem, AppointmentTab, PatientAppointment } from '@rozmova/contract';
import { PATIENT_CANCEL_NOTICE_HOURS, ROOM_OPENS_MINUTES_BEFORE } from '@rozmova/contract/constants';
import { IconCalendarRepeat, IconClock, IconId, IconMessageStar, IconUsersGroup, IconUserX, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { RichTextView } from '../../../components/rich-text-view';
import { SessionTime } from '../../../components/session-time';
import type { AppointmentSide } from '../../../entities/appointment/keys';
import { timeRange } from '../../../lib/dates';
import { canReschedule, hasEnded, hasStarted, sessionBoundaries, sessionRoomPhase } from '../../../lib/session-window';
import { useNowAt } from '../../../lib/use-now-at';
import { CalendarButton } from './calendar-button';
import { JoinButton } from './join-button';
import { MessagePsychologistButton } from './message-psychologist-button';

/** The patient's own lists also carry their feedback on each visit. */
export type ListedAppointment = AppointmentListItem & Partial<Pick<PatientAppointment, 'patientReview' | 'patientReviewedAt'>>;

/** What a card offers beyond showing the appointment; each applies where the card says. */
export type CardActions = {
  /** Psychologist only: open the patient's details. */
  onPatientInfo?: (appointment: ListedAppointment) => void;
  /** Start cancelling an upcoming appointment. */
  onCancel?: (appointment: ListedAppointment) => void;
  /** Patient only, on the archived tab: write or edit their feedback on a visit that took place. */
  onReview?: (appointment: ListedAppointment) => void;
  /** Psychologist only: note that the patient did not attend a session that has started. */
  onNoShow?: (appointment: ListedAppointment) => void;
  /** Patient only: move an upcoming session to another free time of the same psychologist. */
  onReschedule?: (appointment: ListedAppointment) => void;
};

type Props = CardActions & { appointment: ListedAppointment; side: AppointmentSide; tab: AppointmentTab };

/**
 * One appointment as both sides see it: time (with the other person's local time when their zone differs), the other
 * person, status, reason and the actions that apply now; it re-renders at the moments those change.
 */
export function AppointmentCard(props: Props) {
  const { appointment: a, side, tab, onPatientInfo, onCancel, onReview, onNoShow, onReschedule } = props;
  const { t } = useTranslation();
  const hintId = useId();
  const now = useNowAt(sessionBoundaries(a));
  const confirmed = a.status === 'CONFIRMED';
  const ended = hasEnded(a, now);
  const missable = Boolean(onNoShow) && confirmed && hasStarted(a, now);
  const patientSide = side === 'patient';
  // The psychologist's entry for a group session names the program: its members are on the program's page.
  const group = !patientSide && a.kind === 'GROUP' ? a.group : null;
  const other = patientSide
    ? `${a.doctorFirstName} ${a.doctorLastName}`
    : group
      ? t('groups.inList', { title: group.title })
      : `${a.patientFirstName} ${a.patientLastName}`;
  const individual = group === null;
  const live = tab === 'active' && confirmed && !ended;
  const room = sessionRoomPhase(a, now);
  const movable = canReschedule(a, now);
  const reviewable = Boolean(onReview) && tab === 'archived' && confirmed;
  const hints = [
    live && onReschedule && !movable ? t('appointments.noticeHint', { hours: PATIENT_CANCEL_NOTICE_HOURS }) : null,
    live && room === 'waiting' && a.videoCallRoomId ? t('appointments.joinOpens', { minutes: ROOM_OPENS_MINUTES_BEFORE }) : null,
  ].filter((h) => h !== null);

  return (
    <Card withBorder padding="md" component="article" aria-label={`${timeRange(a.startTime, a.endTime)} ${other}`}>
      {/* Details above the actions on a phone, beside them from the small breakpoint up. */}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap="sm"
      >
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
              <Text>
                <SessionTime times={a} otherZone={(patientSide ? a.doctorTimeZone : a.patientTimeZone) ?? undefined} />
              </Text>
            </Group>
            {/* A confirmed appointment leaves the active tab when it ends: until the list is loaded again it reads completed. */}
            <AppointmentStatusBadge status={a.status} ended={ended} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {individual && (
              <Text span c="dimmed">
                {side === 'patient' ? t('appointments.withDoctor') : t('appointments.withPatient')}:{' '}
              </Text>
            )}
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
          {hints.length > 0 && (
            <Text id={hintId} size="xs" c="dimmed">
              {hints.join(' ')}
            </Text>
          )}
          {live && individual && onReschedule && !movable && (
            <Group>
              <MessagePsychologistButton appointment={a} />
            </Group>
          )}
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
          {/* A cancelled booking gives the psychologist no access to the patient's data (the server's rule). */}
          {group && (
            <Button
              component={Link}
              to={`/groups/${group.id}`}
              variant="default"
              size="xs"
              leftSection={<IconUsersGroup size={16} />}
            >
              {t('groups.openGroup')}
            </Button>
          )}
          {individual && onPatientInfo && a.status !== 'CANCELED' && (
            <Button variant="default" size="xs" leftSection={<IconId size={16} />} onClick={() => onPatientInfo(a)}>
              {t('appointments.patientInfo')}
            </Button>
          )}
          {reviewable && onReview && (
            <Button variant="light" size="xs" leftSection={<IconMessageStar size={16} />} onClick={() => onReview(a)}>
              {t(a.patientReview ? 'appointments.review.edit' : 'appointments.review.add')}
            </Button>
          )}
          {individual && missable && onNoShow && (
            <Button variant="default" size="xs" leftSection={<IconUserX size={16} />} onClick={() => onNoShow(a)}>
              {t('appointments.noShow.mark')}
            </Button>
          )}
          {live && onReschedule && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendarRepeat size={16} />}
              disabled={!movable}
              aria-describedby={movable ? undefined : hintId}
              onClick={() => onReschedule(a)}
            >
              {t('appointments.reschedule.action')}
            </Button>
          )}
          {live && individual && <CalendarButton appointmentId={a.id} />}
          {a.status === 'CANCELED' && individual && <CalendarButton appointmentId={a.id} canceled />}
          {live && individual && onCancel && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconX size={16} />}
              // A patient's notice has passed with the time to move it: the hint above says why and who can help.
              disabled={Boolean(onReschedule) && !movable}
              aria-describedby={onReschedule && !movable ? hintId : undefined}
              onClick={() => onCancel(a)}
            >
              {t('appointments.cancel')}
            </Button>
          )}
          {/* The room admits until a while after the end: a session that just ended can still be rejoined. */}
          {a.videoCallRoomId && (room === 'open' || (live && room === 'waiting')) && (
            <JoinButton room={a.videoCallRoomId} open={room === 'open'} hintId={hintId} />
          )}
        </Group>
      </Flex>
    </Card>
  );
}
