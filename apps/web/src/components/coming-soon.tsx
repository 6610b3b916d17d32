import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A screen whose feature is not released yet: clear about it, inside the real layout. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHourglass size={30} />
        </ThemeIcon>
        <Title order={2}>{t(titleKey)}</Title>
        <Text c="dimmed">{t('common.comingSoon')}</Text>
      </Stack>
    </Center>
  );
}
