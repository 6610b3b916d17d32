import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { useErrorToast } from '../../lib/use-error-toast';
import { useAdminGroups } from './api/groups';
import { useCancelGroupSessionPrompt } from './components/cancel-group-session';
import { GroupSessionsModal } from './components/group-sessions-modal';
import { GroupsTable } from './components/groups-table';
import { Paging } from './components/paging';

/** /admin/groups: every group program newest first, ten a page; any session of one ahead can be canceled. */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const groups = useAdminGroups(page);
  // Read from the list each time, so a cancel shows in the open program once the list is read again.
  const open = groups.data?.content.find((g) => g.id === openId) ?? null;
  const askCancel = useCancelGroupSessionPrompt();
  useErrorToast(groups.isError, t('admin.groups.fetchError'));

  let body: ReactNode;
  if (groups.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (groups.isError) {
    body = <LoadError message={t('admin.groups.fetchError')} onRetry={() => void groups.refetch()} />;
  } else if (groups.data.content.length === 0) {
    body = <Text c="dimmed">{t('admin.groups.empty')}</Text>;
  } else {
    body = (
      <>
        <GroupsTable rows={groups.data.content} onOpenSessions={(g) => setOpenId(g.id)} />
        <Paging page={page} totalPages={groups.data.totalPages} total={groups.data.totalElements} onChange={setPage} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.groups.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.groups.subtitle')}
        </Text>
      </div>
      {body}
      <GroupSessionsModal group={open} onClose={() => setOpenId(null)} onCancel={(s) => open && askCancel(s, open.title)} />
    </Stack>
  );
}
