import { Alert, Button, Group, Stack } from '@mantine/core';
import { type ConversationDetail, MESSAGE_MAX_CHARS, sendMessageBodySchema } from '@rozmova/contract';
import { IconClockPause, IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { errorText } from '../../../lib/error-text';
import { checkSchema } from '../../../lib/form-errors';
import { useSendMessage } from '../api/send-message';
import { EmergencyNotice } from './emergency-notice';

/**
 * Writing a message: the not-for-emergencies notice and crisis help first, the psychologist's auto-reply when it
 * applies; Ctrl+Enter sends, and a failed send keeps the text.
 */
export function Composer({ conversation, initialText = '' }: { conversation: ConversationDetail; initialText?: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(conversation.id);
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string>();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const checked = checkSchema(sendMessageBodySchema, { body: text }, (_field, issue) =>
      issue.code === 'too_big' ? t('messages.errors.tooLong', { max: MESSAGE_MAX_CHARS }) : t('messages.errors.required'),
    );
    if (!checked.ok) {
      setError(checked.errors.body);
      return;
    }
    send.mutate(checked.body, { onSuccess: () => setText('') });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <EmergencyNotice crisis={conversation.crisis} />
        {conversation.autoReply && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconClockPause size={20} />}
            title={t('messages.autoReply')}
            data-testid="auto-reply"
          >
            {conversation.autoReply}
          </Alert>
        )}
        <CountedTextarea
          max={MESSAGE_MAX_CHARS}
          label={t('messages.message')}
          placeholder={t('messages.placeholder')}
          description={t('messages.sendHint')}
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          error={error}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
        />
        {send.isError && (
          <Alert variant="light" color="red" role="alert">
            {errorText(t, send.error, 'messages.errors.send')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            {t('messages.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
