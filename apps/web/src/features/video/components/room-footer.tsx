import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function RoomFooter({ room }: { room: string }) {
  const { t } = useTranslation();
  return (
    <Group component="footer" gap="xs" justify="center" c="dimmed">
      <Text size="sm">{t('video.roomId')}:</Text>
      {/* The ID and its copy button stay on one line; on a phone the label goes above them. */}
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">
          <code data-testid="room-id">{room}</code>
        </Text>
        <CopyButton value={room}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'video.copied' : 'video.copy')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('video.copy')} onClick={copy}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Group>
  );
}
