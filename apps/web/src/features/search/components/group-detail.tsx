import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicGroup } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { TherapyBadge } from '../../../components/therapy-badge';
import { GroupSessionLines } from './group-session-lines';
import { JoinPanel } from './join-panel';
import { MemberPanel } from './member-panel';
import { SeatsBadge } from './seats-badge';

/** One group in full: who runs it, what it is, every session ahead on the patient's clock, then joining or leaving. */
export function GroupDetail({ group }: { group: PublicGroup }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
            {group.title}
          </Title>
          <SeatsBadge group={group} />
        </Group>
        <Text>
          <Text span c="dimmed">
            {t('groupSearch.psychologist')}:{' '}
          </Text>
          {group.psychologist.firstName} {group.psychologist.lastName}
        </Text>
        <Group gap={6}>
          <TherapyBadge code={group.therapyType} size="sm" />
          <Badge variant="default" size="sm" tt="none">
            {t('groupSearch.duration', { minutes: group.durationMinutes })}
          </Badge>
        </Group>
      </Stack>
      {group.description ? (
        <Stack gap={4} component="section">
          <Title order={2} size="h4">
            {t('groupJoin.about')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {group.description}
          </Text>
        </Stack>
      ) : null}
      <Paper withBorder p="md" component="section" aria-label={t('groupJoin.schedule')}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('groupJoin.schedule')}
          </Title>
          <GroupSessionLines sessions={group.sessions} />
        </Stack>
      </Paper>
      {group.member ? <MemberPanel group={group} /> : <JoinPanel group={group} />}
    </Stack>
  );
}
