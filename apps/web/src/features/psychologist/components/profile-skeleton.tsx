import { Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The profile form's shape while it loads. */
export function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack align="center">
            <Skeleton circle height={120} />
            <Skeleton height={24} width={120} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            <Group grow>
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Group>
            <Skeleton height={56} width={200} />
            <Skeleton height={56} />
            <Skeleton height={90} />
            <Skeleton height={90} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
