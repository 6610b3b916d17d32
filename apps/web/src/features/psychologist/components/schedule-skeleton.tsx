import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The editor's shape while the saved week loads. */
export function ScheduleSkeleton() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Stack>
        <Group gap="xs">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} height={36} width={72} />
          ))}
        </Group>
        <Skeleton height={56} width={320} />
        <Skeleton height={90} />
        <Skeleton height={140} />
        <Skeleton height={90} />
      </Stack>
    </Card>
  );
}
