import { Card, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The list's shape while the notes load. */
export function RecordsSkeleton() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Stack gap="md">
        <Skeleton height={20} width="40%" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
    </Card>
  );
}
