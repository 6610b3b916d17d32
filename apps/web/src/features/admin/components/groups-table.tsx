import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminGroup } from '@rozmova/contract';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TherapyBadge } from '../../../components/therapy-badge';
import { useFormatInstant } from '../../../lib/zoned-time';
import { stickyActions, stickyName } from './sticky-cells';

type Props = { rows: AdminGroup[]; onOpenSessions: (group: AdminGroup) => void };

/** Group programs as a table (never their members); each opens its sessions, to cancel one. */
export function GroupsTable({ rows, onOpenSessions }: Props) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={stickyName}>{t('admin.groups.program')}</Table.Th>
            <Table.Th>{t('admin.groups.psychologist')}</Table.Th>
            <Table.Th>{t('admin.groups.therapy')}</Table.Th>
            <Table.Th>{t('admin.groups.enrolment')}</Table.Th>
            <Table.Th>{t('admin.groups.members')}</Table.Th>
            <Table.Th>{t('admin.groups.status')}</Table.Th>
            <Table.Th>{t('admin.groups.nextSession')}</Table.Th>
            <Table.Th style={stickyActions}>
              <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((g) => (
            <Table.Tr key={g.id} aria-label={g.title}>
              <Table.Td style={stickyName} maw={240}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {g.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">
                    {g.psychologist.firstName} {g.psychologist.lastName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    #{g.psychologist.id}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <TherapyBadge code={g.therapyType} />
              </Table.Td>
              <Table.Td>{t(`groups.enrolment.${g.enrolment}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t('admin.groups.membersOf', { count: g.memberCount, capacity: g.capacity })}
              </Table.Td>
              <Table.Td>
                <Badge color={g.status === 'ACTIVE' ? 'teal' : 'gray'} variant="light" tt="none" miw="max-content">
                  {t(`groups.status.${g.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {g.nextSession ? (
                  formatInstant(g.nextSession.startsAt)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('admin.groups.noNextSession')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={stickyActions}>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconCalendarEvent size={14} />}
                  aria-label={t('admin.groups.sessionsOf', { title: g.title })}
                  onClick={() => onOpenSessions(g)}
                >
                  {t('admin.groups.sessions')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
