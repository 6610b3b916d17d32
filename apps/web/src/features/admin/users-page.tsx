import { Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROLES, type Role } from '@rozmova/contract';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view';
import { useSession } from '../../lib/session';
import { useErrorToast } from '../../lib/use-error-toast';
import { useAdminUsers } from './api/users';
import { Paging } from './components/paging';
import { UsersTable } from './components/users-table';

/** /admin/users: every account, ten a page, with search, a role filter and those who await verification. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [role, setRole] = useState<Role | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const users = useAdminUsers({ page, q, role, awaiting });
  useErrorToast(users.isError, t('admin.fetchError'));

  const body = (
    <QueryView
      query={users}
      errorMessage={t('admin.fetchError')}
      isEmpty={(data) => data.content.length === 0}
      empty={
        <Stack align="center" py="xl" gap="xs">
          <IconUsers size={32} aria-hidden />
          <Text c="dimmed">{t('admin.users.empty')}</Text>
        </Stack>
      }
    >
      {(data) => (
        <>
          <UsersTable users={data.content} selfEmail={session.email} />
          <Paging page={page} totalPages={data.totalPages} total={data.totalElements} onChange={setPage} />
        </>
      )}
    </QueryView>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin.users.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.users.subtitle')}
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(0);
          }}
          w={320}
          type="search"
        />
        <Select
          label={t('admin.users.roleFilter')}
          placeholder={t('admin.users.allRoles')}
          clearable
          disabled={awaiting}
          data={ROLES.map((r) => ({ value: r, label: t(`admin.roles.ROLE_${r}`) }))}
          value={role}
          onChange={(v) => {
            setRole(v as Role | null);
            setPage(0);
          }}
          w={200}
        />
        <Checkbox
          label={t('admin.users.awaitingFilter')}
          checked={awaiting}
          onChange={(e) => {
            setAwaiting(e.currentTarget.checked);
            setPage(0);
          }}
          mb={8}
        />
      </Group>
      {body}
    </Stack>
  );
}
