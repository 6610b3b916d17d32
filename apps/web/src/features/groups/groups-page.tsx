import { Button, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useMe } from '../../lib/me';
import { useNowAt } from '../../lib/use-now-at';
import { useGroups } from './api/groups';
import { CreateGroupModal } from './components/create-group-modal';
import { GroupCard } from './components/group-card';
import { GroupsSkeleton } from './components/groups-skeleton';

/** /groups: the psychologist's group programs, running first, and creating one. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useGroups();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const ends = (groups.data ?? []).flatMap((g) => g.sessions.map((s) => Date.parse(s.endsAt)));
  const now = useNowAt(ends);
  const zone = me.data?.timeZone;

  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} disabled={!zone}>
      {t('groups.add')}
    </Button>
  );

  let body: ReactNode;
  if (groups.isPending) body = <GroupsSkeleton />;
  else if (groups.isError) body = <LoadError message={t('groups.fetchError')} onRetry={() => void groups.refetch()} />;
  else if (groups.data.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconUsersGroup size={32} />}
        withIndicatorBackground
        title={t('groups.empty')}
        description={t('groups.emptyHint')}
      >
        <EmptyState.Actions>{addButton}</EmptyState.Actions>
      </EmptyState>
    );
  } else {
    const sorted = [...groups.data].sort((a, b) => (a.status === b.status ? 0 : a.status === 'ACTIVE' ? -1 : 1));
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} component="section" aria-label={t('groups.listLabel')}>
        {sorted.map((g) => (
          <GroupCard key={g.id} group={g} now={now} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('groups.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('groups.subtitle')}
          </Text>
        </div>
        {groups.data && groups.data.length > 0 && addButton}
      </Group>
      {body}
      {zone && (
        <CreateGroupModal
          opened={creating}
          timeZone={zone}
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            navigate(`/groups/${group.id}`);
          }}
        />
      )}
    </Stack>
  );
}
