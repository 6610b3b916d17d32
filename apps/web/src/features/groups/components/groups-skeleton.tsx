import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The list's shape while the programs load. */
export function GroupsSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: 2 }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={18} width="40%" />
            <Skeleton height={16} width="70%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
