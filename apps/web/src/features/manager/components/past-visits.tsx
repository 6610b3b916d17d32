import { Anchor, Badge, Card, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { PastVisit } from '@rozmova/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { RichTextView } from '../../../components/rich-text-view';
import { shortTime, useFormatDate } from '../../../lib/dates';
import { useZonedTime } from '../../../lib/zoned-time';
import { usePastVisits } from '../api/visits';
import { GroupAttendance } from './group-attendance';
import { SubList } from './sub-list';

/** The patient's visits that have ended, newest first, each with whether it was in the programme and their feedback. */
export function PastVisits({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const query = usePastVisits(patientId);
  return (
    <SubList query={query} title={t('manager.visits.title')} emptyText={t('manager.visits.empty')}>
      {(visits) => visits.map((v) => <VisitCard key={`${v.kind}-${v.id}`} visit={v} />)}
    </SubList>
  );
}

function VisitCard({ visit: v }: { visit: PastVisit }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const zone = useZonedTime().zone(v);
  const hintId = useId();
  // The date and time are already on the viewer's clock: formatted as they read, with the zone's name beside.
  const when = formatDate(`${v.date}T${shortTime(v.startTime)}`, 'dateTime');
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${when} ${zone}`}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between">
          <Text fw={700}>
            <span>{when}</span>{' '}
            <Text span inherit fw={400} c="dimmed">
              {zone}
            </Text>
          </Text>
          <Group gap={6}>
            <AppointmentStatusBadge status={v.status} ended />
            {/* The badge says what it means: hovered, focused or tapped, and to screen readers beside it. */}
            <Tooltip label={t('manager.visits.programHint')} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
              <Badge
                color={v.inProgram ? 'teal' : 'gray'}
                variant="outline"
                tt="none"
                tabIndex={0}
                aria-describedby={hintId}
                style={{ cursor: 'help' }}
              >
                {t(v.inProgram ? 'manager.visits.inProgram' : 'manager.visits.notInProgram')}
              </Badge>
            </Tooltip>
            <VisuallyHidden id={hintId}>{t('manager.visits.programHint')}</VisuallyHidden>
          </Group>
        </Group>
        {v.kind === 'GROUP' && v.group && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('groups.inList', { title: v.group.title })}
          </Text>
        )}
        {v.kind === 'GROUP' && (v.attendance || v.status === 'CONFIRMED') && <GroupAttendance attendance={v.attendance} />}
        <Text size="sm">
          <Text span c="dimmed">
            {t('appointments.withDoctor')}:{' '}
          </Text>
          <Anchor component={Link} to={`/doctor/profile/${v.doctorId}`} size="sm">
            {v.doctorFirstName} {v.doctorLastName}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          {t('manager.visits.patientReview')}
        </Text>
        {v.patientReview ? (
          <RichTextView html={v.patientReview} />
        ) : (
          <Text size="sm" fs="italic" c="dimmed">
            {t('manager.visits.noReview')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
