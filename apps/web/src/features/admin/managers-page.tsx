import { Button, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { AdminManagerRow } from '@rozmova/contract';
import { IconCircleCheck, IconCircleX, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view';
import { useErrorToast } from '../../lib/use-error-toast';
import { useAdminManagers } from './api/managers';
import { ManageModal } from './components/manage-modal';
import { Paging } from './components/paging';
import { stickyActions, stickyName } from './components/sticky-cells';

/** /admin/managers: managers ten a page with how many patients each follows, and a dialog to change that. */
export default function AdminManagersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [managing, setManaging] = useState<AdminManagerRow | null>(null);
  const managers = useAdminManagers(page);
  useErrorToast(managers.isError, t('admin.fetchError'));

  const body = (
    <QueryView
      query={managers}
      errorMessage={t('admin.fetchError')}
      isEmpty={(data) => data.content.length === 0}
      empty={t('admin.managers.empty')}
    >
      {(data) => (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.users.id')}</Table.Th>
                  <Table.Th>{t('admin.users.firstName')}</Table.Th>
                  <Table.Th>{t('admin.users.lastName')}</Table.Th>
                  <Table.Th style={stickyName}>{t('admin.users.email')}</Table.Th>
                  <Table.Th>{t('admin.users.enabled')}</Table.Th>
                  <Table.Th>{t('admin.managers.count')}</Table.Th>
                  <Table.Th style={stickyActions}>
                    <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.content.map((m) => (
                  <Table.Tr key={m.id} aria-label={m.email}>
                    <Table.Td>{m.id}</Table.Td>
                    <Table.Td>{m.firstName}</Table.Td>
                    <Table.Td>{m.lastName}</Table.Td>
                    <Table.Td style={{ ...stickyName, overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
                    <Table.Td>
                      <ThemeIcon
                        variant="light"
                        radius="xl"
                        color={m.enabled ? 'teal' : 'red'}
                        role="img"
                        aria-label={t(m.enabled ? 'admin.users.isEnabled' : 'admin.users.isDisabled')}
                      >
                        {m.enabled ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
                      </ThemeIcon>
                    </Table.Td>
                    <Table.Td>{m.assignedPatientCount}</Table.Td>
                    <Table.Td style={stickyActions}>
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconUsersGroup size={16} />}
                        onClick={() => setManaging(m)}
                      >
                        {t('admin.managers.manage')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Paging page={page} totalPages={data.totalPages} total={data.totalElements} onChange={setPage} />
        </>
      )}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.managers.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.managers.subtitle')}
        </Text>
      </div>
      {body}
      <ManageModal manager={managing} onClose={() => setManaging(null)} />
    </Stack>
  );
}
