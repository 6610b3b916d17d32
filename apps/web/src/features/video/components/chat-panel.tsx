import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { CHAT_MAX_CHARS, type ChatMessageEvent, type SignalErrorCode } from '@rozmova/contract';
import { IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../../components/linked-text';

type Props = { messages: ChatMessageEvent[]; error: SignalErrorCode | null; onSend: (text: string) => boolean };

/** The call's chat, newest first; only while joined. */
export function ChatPanel({ messages, error, onSend }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!blank && onSend(text)) setText('');
  };

  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="chat-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="chat-title">
          {t('video.chat.title')}
        </Title>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={t('video.chat.message')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  submit();
                }
              }}
              maxLength={CHAT_MAX_CHARS}
              autosize
              minRows={1}
              maxRows={4}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={blank} leftSection={<IconSend size={14} />}>
                {t('video.chat.send')}
              </Button>
            </Group>
            {error && (
              <Text size="sm" c="red" role="alert">
                {t(error === 'RATE_LIMITED' ? 'video.chat.tooFast' : 'video.chat.refused')}
              </Text>
            )}
          </Stack>
        </form>
        <ScrollArea.Autosize mah={420}>
          {messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('video.chat.empty')}
            </Text>
          ) : (
            <Stack component="ol" gap="sm" aria-label={t('video.chat.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {messages.map((m) => (
                <li key={`${m.sentAt}-${m.from}-${m.sealed?.iv ?? m.message.slice(0, 16)}-${m.message.length}`}>
                  <Text size="xs" c="dimmed">
                    {m.senderFirstName} {m.senderLastName} · {dayjs(m.sentAt).format('HH:mm')}
                  </Text>
                  {m.sealed && !m.message ? (
                    <Text size="sm" c="dimmed" fs="italic">
                      {t('video.e2ee.unreadable')}
                    </Text>
                  ) : (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      <LinkedText message={m.message} />
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
