import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { AccountDeletion } from '@rozmova/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { api } from '../../../lib/api';
import { useFormatInstant } from '../../../lib/zoned-time';

/** For admins: accounts deleted by their owners, pending (records kept sealed until the purge) or purged. */
export function DeletionsCard() {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const list = useQuery({
    queryKey: ['privacy', 'deletions'],
    queryFn: ({ signal }) => api<AccountDeletion[]>('/admin/deletions', { signal }),
  });
  let body: React.ReactNode;
  if (list.isPending) body = <LoadingSkeleton height={120} radius="md" />;
  else if (list.isError) body = <LoadError message={t('privacy.deletions.error')} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <Text c="dimmed">{t('privacy.deletions.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('privacy.deletions.account')}</Table.Th>
              <Table.Th>{t('privacy.deletions.requested')}</Table.Th>
              <Table.Th>{t('privacy.deletions.purge')}</Table.Th>
              <Table.Th>{t('privacy.deletions.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  #{d.userId} {d.role ? t(`privacy.deletions.roles.${d.role}`) : ''}
                </Table.Td>
                <Table.Td>{format(d.requestedAt)}</Table.Td>
                <Table.Td>{format(d.purgedAt ?? d.purgeAfter, 'date', { zone: false })}</Table.Td>
                <Table.Td>
                  <Badge color={d.state === 'PURGED' ? 'gray' : 'yellow'} variant="light">
                    {t(`privacy.deletions.states.${d.state}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('privacy.deletions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('privacy.deletions.text')}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
