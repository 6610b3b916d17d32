import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AttendanceStatus, GroupMember } from '@rozmova/contract';
import { IconNotes, IconUserMinus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PatientActions } from '../../../components/patient-actions';
import { formatInstantIn, formatInstantZoned, todayIn } from '../../../lib/zoned-time';

type Props = { member: GroupMember; timeZone: string; canRemove: boolean; onRemove: (member: GroupMember) => void };

const ORDER: AttendanceStatus[] = ['ATTENDED', 'NO_SHOW', 'LATE_CANCEL', 'EXCUSED'];

/** Full years from a birth date to a day (both YYYY-MM-DD). */
export const ageOn = (birthDate: string, today: string): number => dayjs(today).diff(dayjs(birthDate), 'year');

/**
 * One member: name, age, when they joined, their individual sessions ahead (and when the next starts, with its zone),
 * their attendance so far, and a report, a message or a note about them, or removing them.
 */
export function MemberRow({ member: m, timeZone, canRemove, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const name = `${m.firstName} ${m.lastName}`;
  const marks = Object.values(m.attendance);
  const counts = ORDER.map((status) => ({ status, count: marks.filter((s) => s === status).length })).filter((c) => c.count);
  const facts = [
    m.birthDate ? t('groups.member.age', { count: ageOn(m.birthDate, todayIn(timeZone)) }) : null,
    t('groups.member.joined', { date: formatInstantIn(m.joinedAt, timeZone, i18n.language, 'date') }),
    m.upcomingIndividual ? t('groups.member.individual', { count: m.upcomingIndividual }) : null,
    m.nextIndividualAt
      ? t('groups.member.nextIndividual', { at: formatInstantZoned(m.nextIndividualAt, timeZone, i18n.language) })
      : null,
  ].filter(Boolean);

  return (
    <Paper component="li" withBorder p="sm" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
          <Text size="sm">
            {counts.length
              ? counts.map((c) => t(`groups.member.count.${c.status}`, { count: c.count })).join(' · ')
              : t('groups.member.noMarks')}
          </Text>
        </Stack>
        <Group gap="xs">
          <PatientActions patientId={m.patientId} name={name} />
          <Button
            component={Link}
            to={`/doctor/records?patient=${m.patientId}`}
            size="xs"
            variant="default"
            leftSection={<IconNotes size={16} />}
            aria-label={t('groups.member.writeNoteFor', { name })}
          >
            {t('groups.member.writeNote')}
          </Button>
          {canRemove && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconUserMinus size={16} />}
              onClick={() => onRemove(m)}
              aria-label={t('groups.member.removeName', { name })}
            >
              {t('groups.member.remove')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
