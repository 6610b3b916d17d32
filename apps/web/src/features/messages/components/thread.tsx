import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Message } from '@rozmova/contract';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../../components/linked-text';
import { useFormatInstant } from '../../../lib/zoned-time';
import { AttachmentLink } from './attachment-link';

type Props = { messages: Message[]; hasEarlier: boolean; loadingEarlier: boolean; onEarlier: () => void };

/** A thread, oldest at the top: one's own messages on the right with whether they were read. */
export function Thread({ messages, hasEarlier, loadingEarlier, onEarlier }: Props) {
  const { t } = useTranslation();
  const format = useFormatInstant();
  const oldestFirst = [...messages].reverse();
  return (
    <Stack gap="xs" aria-label={t('messages.threadLabel')} role="log" aria-live="polite">
      {hasEarlier && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={onEarlier} loading={loadingEarlier}>
            {t('messages.earlier')}
          </Button>
        </Group>
      )}
      {oldestFirst.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('messages.noMessages')}
        </Text>
      )}
      {oldestFirst.map((m) => (
        <Box
          key={m.id}
          style={{ alignSelf: m.mine ? 'flex-end' : 'flex-start', maxWidth: 'min(80%, 640px)' }}
          data-testid={m.mine ? 'message-mine' : 'message-theirs'}
        >
          <Paper p="sm" radius="md" bg={m.mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}>
            {m.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <LinkedText message={m.body} />
              </Text>
            )}
            {m.attachments.map((file) => (
              <Group key={file.id} mt={m.body ? 'xs' : 0}>
                <AttachmentLink conversationId={m.conversationId} file={file} />
              </Group>
            ))}
          </Paper>
          <Group gap={4} justify={m.mine ? 'flex-end' : 'flex-start'} mt={2}>
            <Text size="xs" c="dimmed">
              {format(m.createdAt, 'dateTime', { zone: false })}
            </Text>
            {m.mine && m.readByOther && (
              <Text size="xs" c="dimmed" component="span" role="img" aria-label={t('messages.read')} title={t('messages.read')}>
                <IconChecks size={14} style={{ verticalAlign: 'middle' }} />
              </Text>
            )}
          </Group>
        </Box>
      ))}
    </Stack>
  );
}
