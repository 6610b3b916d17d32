import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Conversation } from '@rozmova/contract';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/zoned-time';
import { conversationTitle } from '../conversation-title';

/** The reader's conversations, the latest first, each with its unread count. */
export function ConversationList({ conversations }: { conversations: Conversation[] }) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('messages.listLabel')}>
      {conversations.map((c) => (
        <li key={c.id}>
          <UnstyledButton component={Link} to={`/messages/${c.id}`} w="100%" data-testid="conversation-item">
            <Paper withBorder p="sm" radius="md">
              {/* On a phone a long name takes its own line above the time. */}
              <Group justify="space-between" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  {c.kind === 'GROUP' && <IconSpeakerphone size={18} aria-hidden style={{ flexShrink: 0 }} />}
                  <Text fw={c.unread > 0 ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                    {conversationTitle(t, c)}
                  </Text>
                  {c.closed && (
                    <Badge variant="light" color="gray" size="sm">
                      {t('messages.closed')}
                    </Badge>
                  )}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {c.lastMessageAt && (
                    <Text size="xs" c="dimmed">
                      {format(c.lastMessageAt, 'dateTime', { zone: false })}
                    </Text>
                  )}
                  {c.unread > 0 && (
                    <Badge
                      color="red"
                      circle={c.unread < 10}
                      style={{ flexShrink: 0 }}
                      aria-label={t('messages.unreadCount', { count: c.unread })}
                    >
                      {c.unread}
                    </Badge>
                  )}
                </Group>
              </Group>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
