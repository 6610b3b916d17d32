import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On every profile: the way to the own data (an archive of it, deleting the account) and the privacy notice. */
export function PrivacyCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <IconLock size={20} />
            <Title order={3} size="h4">
              {t('privacy.card.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('privacy.card.text')}
          </Text>
        </Stack>
        <Button component={Link} to="/privacy" variant="light">
          {t('privacy.card.open')}
        </Button>
      </Group>
    </Card>
  );
}
