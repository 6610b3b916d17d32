import { Badge, Stack, Table, Text } from '@mantine/core';
import type { AuditRow } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../lib/zoned-time';

const person = (p: AuditRow['actor']) => `${p.firstName} ${p.lastName}`.trim();

function Person({ who }: { who: AuditRow['actor'] }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{person(who) || `#${who.id}`}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        #{who.id} · {who.email}
      </Text>
    </Stack>
  );
}

/** The audit trail: when, who (with their role then), what, to whom, and the details of the act. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const details = (r: AuditRow) =>
    [
      r.managerId !== null && t('admin.audit.manager', { id: r.managerId }),
      r.recordId !== null && t('admin.audit.record', { id: r.recordId }),
      r.appointmentId !== null && t('admin.audit.appointment', { id: r.appointmentId }),
      r.detail,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    // Nothing in it takes focus, so the scroll area itself does: keyboard users can scroll it too.
    <Table.ScrollContainer minWidth={960} type="native" tabIndex={0} role="region" aria-label={t('admin.audit.title')}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.audit.at')}</Table.Th>
            <Table.Th>{t('admin.audit.actor')}</Table.Th>
            <Table.Th>{t('admin.audit.action')}</Table.Th>
            <Table.Th>{t('admin.audit.subject')}</Table.Th>
            <Table.Th>{t('admin.audit.details')}</Table.Th>
            <Table.Th>{t('admin.audit.ip')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(r.at)}</Table.Td>
              <Table.Td>
                <Person who={r.actor} />
                {r.actorRole && (
                  <Text size="xs" c="dimmed">
                    {t(`admin.roles.${r.actorRole}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" miw="max-content">
                  {t(`admin.audit.actions.${r.action}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{r.subject ? <Person who={r.subject} /> : '—'}</Table.Td>
              <Table.Td maw={300}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {details(r)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {r.ip ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
