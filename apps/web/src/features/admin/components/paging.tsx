import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { page: number; totalPages: number; total: number; onChange: (page: number) => void };

/** Page links under a table (pages counted from 0 here, from 1 on screen) and how many rows there are in all. */
export function Paging({ page, totalPages, total, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('admin.total', { count: total })}
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page + 1}
          onChange={(p) => onChange(p - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`admin.paging.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('admin.paging.page', { page: p }) })}
        />
      )}
    </Group>
  );
}
