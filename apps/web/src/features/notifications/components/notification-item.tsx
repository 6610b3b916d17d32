import './notification-item.css';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@rozmova/contract';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../../lib/zoned-time';

type Props = { notification: Notification; onOpen: (n: Notification) => void };

/**
 * One notification: its title and text as the server wrote them for the reader, and when it came on the reader's own
 * clock (the browser's until the account is loaded); unread ones carry a dot, named for screen readers.
 */
export function NotificationItem({ notification: n, onOpen }: Props) {
  const { t } = useTranslation();
  const when = useFormatInstant()(n.createdAt);
  return (
    <UnstyledButton className="notification-item" data-unread={n.read ? undefined : true} onClick={() => onOpen(n)}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* The dot says "unread" to screen readers too, as part of the button's name. */}
        <Box
          {...(n.read ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('notifications.unread') })}
          mt={6}
          w={8}
          h={8}
          style={{ flexShrink: 0, borderRadius: '50%', background: n.read ? 'transparent' : 'var(--mantine-color-teal-4)' }}
        />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={n.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Text>
          <Text size="sm" c={n.read ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {n.text}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
