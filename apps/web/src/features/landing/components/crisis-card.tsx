import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Therapy is not crisis care: say where to turn instead. */
export function CrisisCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p="lg" style={{ borderColor: 'var(--mantine-color-orange-8)' }}>
      <Stack gap="xs">
        <ThemeIcon size={40} radius="md" variant="light" color="orange" aria-hidden>
          <IconLifebuoy size={22} />
        </ThemeIcon>
        <Title order={3} size="h4">
          {t('landing.support.crisisTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('landing.support.crisisText')}
        </Text>
      </Stack>
    </Card>
  );
}
