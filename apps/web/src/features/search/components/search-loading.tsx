import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while a search (or the date it starts from) is loading: of psychologists, or of groups. */
export function SearchLoading({ of = 'doctors' }: { of?: 'doctors' | 'groups' }) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader role="status" aria-label={t('common.loading')} />
        <Text c="dimmed" size="sm">
          {t(of === 'groups' ? 'groupSearch.loading' : 'doctorSearch.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
