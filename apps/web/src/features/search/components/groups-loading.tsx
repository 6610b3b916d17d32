import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while groups load. */
export function GroupsLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader role="status" aria-label={t('common.loading')} />
        <Text c="dimmed" size="sm">
          {t('groupSearch.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
