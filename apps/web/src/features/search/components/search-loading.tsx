import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while the search (or the date it starts from) is loading. */
export function SearchLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader role="status" aria-label={t('common.loading')} />
        <Text c="dimmed" size="sm">
          {t('doctorSearch.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
