import { Badge, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { AdminUserRow } from '@rozmova/contract';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RoleBadges } from './role-badges';
import { stickyActions, stickyName } from './sticky-cells';
import { UserRowActions } from './user-row-actions';

/** The users table: who they are, whether they may sign in, their roles, a psychologist's verification, the actions. */
export function UsersTable({ users, selfEmail }: { users: AdminUserRow[]; selfEmail: string | null }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.users.id')}</Table.Th>
            <Table.Th>{t('admin.users.firstName')}</Table.Th>
            <Table.Th>{t('admin.users.lastName')}</Table.Th>
            <Table.Th style={stickyName}>{t('admin.users.email')}</Table.Th>
            <Table.Th>{t('admin.users.enabled')}</Table.Th>
            <Table.Th>{t('admin.users.roles')}</Table.Th>
            <Table.Th>{t('admin.users.verification')}</Table.Th>
            <Table.Th style={stickyActions}>
              <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id} aria-label={u.email}>
              <Table.Td>{u.id}</Table.Td>
              <Table.Td>{u.firstName}</Table.Td>
              <Table.Td>{u.lastName}</Table.Td>
              <Table.Td style={{ ...stickyName, overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
              <Table.Td>
                <ThemeIcon
                  variant="light"
                  radius="xl"
                  color={u.enabled ? 'teal' : 'red'}
                  role="img"
                  aria-label={t(u.enabled ? 'admin.users.isEnabled' : 'admin.users.isDisabled')}
                >
                  {u.enabled ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
                </ThemeIcon>
              </Table.Td>
              <Table.Td>
                <RoleBadges roles={u.roles} />
              </Table.Td>
              <Table.Td>
                {u.verified === null ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : (
                  <Badge color={u.verified ? 'teal' : 'yellow'} variant="dot" tt="none" miw="max-content">
                    {t(u.verified ? 'admin.users.verified' : 'admin.users.awaiting')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={stickyActions}>
                <UserRowActions user={u} self={u.email === selfEmail} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
