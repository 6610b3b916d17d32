import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicGroup } from '@rozmova/contract';
import { IconArrowRight, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TherapyBadge } from '../../../components/therapy-badge';
import { sessionsToShow } from '../group-sessions';
import { GroupSessionLines } from './group-session-lines';
import { SeatsBadge } from './seats-badge';

const SESSIONS_ON_CARD = 3;

/** A group found by the search: what it is, who runs it, when it meets on the patient's clock, and its free seats. */
export function GroupCard({ group }: { group: PublicGroup }) {
  const { t } = useTranslation();
  const { shown, more } = sessionsToShow(group.sessions, SESSIONS_ON_CARD);
  const psychologist = `${group.psychologist.firstName} ${group.psychologist.lastName}`;
  return (
    <Card withBorder padding="lg" component="article" aria-label={group.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 240px' }}>
            <IconUsersGroup size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {group.title}
            </Title>
          </Group>
          <SeatsBadge group={group} />
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            {t('groupSearch.psychologist')}:{' '}
          </Text>
          {psychologist}
        </Text>
        <Group gap={6}>
          <TherapyBadge code={group.therapyType} size="sm" />
          <Badge variant="default" size="sm" tt="none">
            {t('groupSearch.duration', { minutes: group.durationMinutes })}
          </Badge>
        </Group>
        {group.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {group.description}
          </Text>
        ) : null}
        <GroupSessionLines sessions={shown} more={more} />
        <Group justify="flex-end">
          <Button
            component={Link}
            to={`/group/${group.id}`}
            variant="light"
            size="xs"
            rightSection={<IconArrowRight size={16} />}
            aria-label={`${t('groupSearch.open')}: ${group.title}`}
          >
            {t('groupSearch.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
