import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type DialogProps = { opened: boolean; titleKey: string; onClose: () => void };

/** The 'coming soon' message for an action that is not released yet. */
export function ComingSoonDialog({ opened, titleKey, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(titleKey)} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconHourglass size={22} />
          </ThemeIcon>
          <Text c="dimmed">{t('common.comingSoon')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
