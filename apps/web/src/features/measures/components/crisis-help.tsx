import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconLifebuoy, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Where to get help now, shown the moment a PHQ-9 comes in with thoughts of self-harm: Lifeline Ukraine's short number
 * 7333 and the emergency numbers, in the patient's language.
 */
export function CrisisHelp() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      icon={<IconLifebuoy size={22} />}
      title={t('measures.crisis.title')}
      data-testid="crisis-help"
    >
      <Stack gap="sm">
        <Text size="sm">{t('measures.crisis.text')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('measures.crisis.lifeline')}</List.Item>
          <List.Item>{t('measures.crisis.emergency')}</List.Item>
        </List>
        <Group gap="xs">
          <Button component="a" href="tel:7333" color="red" variant="white" leftSection={<IconPhone size={16} />}>
            {t('measures.crisis.callLifeline')}
          </Button>
          <Button component="a" href="tel:112" color="white" variant="outline" leftSection={<IconPhone size={16} />}>
            {t('measures.crisis.callEmergency')}
          </Button>
        </Group>
        <Text size="sm">{t('measures.crisis.psychologist')}</Text>
      </Stack>
    </Alert>
  );
}
