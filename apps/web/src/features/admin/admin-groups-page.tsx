import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view';
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

  const body = (
    <QueryView
      query={groups}
      errorMessage={t('admin.groups.fetchError')}
      isEmpty={(data) => data.content.length === 0}
      empty={t('admin.groups.empty')}
    >
      {(data) => (
        <>
          <GroupsTable rows={data.content} onOpenSessions={(g) => setOpenId(g.id)} />
          <Paging page={page} totalPages={data.totalPages} total={data.totalElements} onChange={setPage} />
        </>
      )}
    </QueryView>
  );

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
