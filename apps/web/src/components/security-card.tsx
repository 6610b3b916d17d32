import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On every profile: the way to two-step verification and the signed-in devices. */
export function SecurityCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <IconShieldLock size={20} />
            <Title order={3} size="h4">
              {t('securityCard.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('securityCard.text')}
          </Text>
        </Stack>
        <Button component={Link} to="/security" variant="light">
          {t('securityCard.open')}
        </Button>
      </Group>
    </Card>
  );
}
