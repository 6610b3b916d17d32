import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PsychologistProfileCardSkeleton() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Group align="flex-start" gap="xl">
        <Skeleton circle height={140} />
        <Stack flex={1}>
          <Skeleton height={32} width="50%" />
          <Skeleton height={20} width={160} />
          <Group gap="xs">
            <Skeleton height={24} width={120} />
            <Skeleton height={24} width={140} />
          </Group>
          <Skeleton height={80} />
        </Stack>
      </Group>
    </Card>
  );
}
