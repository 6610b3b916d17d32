import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { GroupProgram } from '@rozmova/contract';
import { IconFlag, IconMessage, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TherapyBadge } from '../../../components/therapy-badge';
import { notify } from '../../../lib/notify';
import { useEndGroup } from '../api/end-group';
import { MessageMembersDialog } from './message-members-dialog';
import { StatusBadge } from './status-badge';

/** The program's name and facts, with messaging every member and ending it (after a confirmation). */
export function GroupHeader({ group }: { group: GroupProgram }) {
  const { t } = useTranslation();
  const end = useEndGroup(group.id);
  const [messaging, setMessaging] = useState(false);
  const active = group.status === 'ACTIVE';

  const askEnd = () =>
    modals.openConfirmModal({
      title: t('groups.end.title'),
      children: <Text size="sm">{t('groups.end.text', { title: group.title })}</Text>,
      labels: { confirm: t('groups.end.confirm'), cancel: t('groups.end.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(undefined, {
          onSuccess: () => notify.success(t('groups.end.done')),
          onError: () => notify.error(t('groups.end.failed')),
        }),
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {group.title}
        </Title>
        <StatusBadge status={group.status} />
      </Group>
      <Group gap="xs">
        <TherapyBadge code={group.therapyType} />
        <Badge variant="outline" color="gray" tt="none">
          {t(`groups.enrolment.${group.enrolment}`)}
        </Badge>
        <Badge variant="outline" color="gray" tt="none" leftSection={<IconUsers size={12} />}>
          {t('groups.members', { count: group.memberCount, capacity: group.capacity })}
        </Badge>
        <Badge variant="outline" color="gray" tt="none">
          {t('groups.minutes', { minutes: group.durationMinutes })}
        </Badge>
      </Group>
      {group.description && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {group.description}
        </Text>
      )}
      <Group gap="xs" mt={4}>
        <Button
          variant="light"
          leftSection={<IconMessage size={18} />}
          onClick={() => setMessaging(true)}
          disabled={group.memberCount === 0}
        >
          {t('groups.message.open')}
        </Button>
        {active && (
          <Button variant="default" color="red" leftSection={<IconFlag size={18} />} onClick={askEnd} loading={end.isPending}>
            {t('groups.end.action')}
          </Button>
        )}
      </Group>
      {messaging && (
        <MessageMembersDialog programId={group.id} memberCount={group.memberCount} onClose={() => setMessaging(false)} />
      )}
    </Stack>
  );
}
