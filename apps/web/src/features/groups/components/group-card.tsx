import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { GroupProgram } from '@rozmova/contract';
import { IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SessionTime } from '../../../components/session-time';
import { TherapyBadge } from '../../../components/therapy-badge';
import { useFormatDate } from '../../../lib/dates';
import { nextSession } from '../next-session';
import { StatusBadge } from './status-badge';

/** One program in the list: its title (a link to its page), type, seats taken, next session and status. */
export function GroupCard({ group, now }: { group: GroupProgram; now: number }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const next = nextSession(group.sessions, now);
  return (
    <Card withBorder padding="md" component="article" aria-label={group.title}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/groups/${group.id}`} fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {group.title}
          </Anchor>
          <StatusBadge status={group.status} />
        </Group>
        <Group gap="xs">
          <TherapyBadge code={group.therapyType} />
          <Badge variant="outline" color="gray" tt="none">
            {t(`groups.enrolment.${group.enrolment}`)}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{t('groups.members', { count: group.memberCount, capacity: group.capacity })}</Text>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            <Text span c="dimmed">
              {t('groups.nextSession')}:{' '}
            </Text>
            {next ? (
              <>
                {formatDate(next.date)}, <SessionTime times={next} strong={false} />
              </>
            ) : (
              t('groups.noNextSession')
            )}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
