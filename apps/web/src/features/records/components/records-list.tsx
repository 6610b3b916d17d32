import { Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ClinicalRecord } from '@rozmova/contract';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../lib/zoned-time';
import { recordPreview } from '../preview';
import { PrivacyBadge, patientName, RecordActions, type RecordActionsProps } from './record-parts';

type Props = RecordActionsProps & { records: ClinicalRecord[] };

/** The notes as a table on wide screens and as stacked cards on phones, so nothing scrolls sideways. */
export const RecordsList = memo(function RecordsList({ records, ...actions }: Props) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const rows = useMemo(() => records.map((r) => ({ record: r, preview: recordPreview(r.content) })), [records]);

  return (
    <>
      <Table visibleFrom="sm" verticalSpacing="sm" highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('records.columns.note')}</Table.Th>
            <Table.Th w={170}>{t('records.columns.patient')}</Table.Th>
            <Table.Th w={190}>{t('records.columns.privacy')}</Table.Th>
            <Table.Th w={150}>{t('records.columns.created')}</Table.Th>
            <Table.Th w={136}>
              <VisuallyHidden>{t('records.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ record, preview }) => (
            <Table.Tr key={record.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{preview}</Table.Td>
              <Table.Td>{patientName(t, record)}</Table.Td>
              <Table.Td>
                <PrivacyBadge level={record.privacyLevel} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(record.createdAt, 'stamp')}</Table.Td>
              <Table.Td>
                <RecordActions record={record} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="sm">
        {rows.map(({ record, preview }) => (
          <Card key={record.id} withBorder padding="md" component="article" aria-label={preview}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed">
                  {formatInstant(record.createdAt, 'stamp')} · {patientName(t, record)}
                </Text>
                <RecordActions record={record} {...actions} />
              </Group>
              <Text style={{ overflowWrap: 'anywhere' }}>{preview}</Text>
              <div>
                <PrivacyBadge level={record.privacyLevel} />
              </div>
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
});
