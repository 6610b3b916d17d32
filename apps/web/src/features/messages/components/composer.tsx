import { Alert, Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { type ConversationDetail, MESSAGE_MAX_CHARS, sendMessageBodySchema } from '@rozmova/contract';
import { IconClockPause, IconPaperclip, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { checkSchema } from '../../../lib/form-errors';
import { useSendAttachment } from '../api/send-attachment';
import { useSendMessage } from '../api/send-message';
import { EmergencyNotice } from './emergency-notice';

/** Why a send failed, in words: a file's own refusals named, anything else as a failed send. */
function fileErrorText(t: TFunction, err: Error): string {
  if (err instanceof ApiError && err.status === 413) return t('messages.errors.fileTooLarge');
  if (err instanceof ApiError && err.status === 415) return t('messages.errors.fileType');
  if (err instanceof ApiError && err.code === 'DOCUMENT_UNREADABLE') return t('messages.errors.fileUnreadable');
  return errorText(t, err, 'messages.errors.send');
}

/**
 * Writing a message: the not-for-emergencies notice and crisis help first, the psychologist's auto-reply when it
 * applies; Ctrl+Enter sends, and a failed send keeps the text.
 */
export function Composer({ conversation, initialText = '' }: { conversation: ConversationDetail; initialText?: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(conversation.id);
  const sendFile = useSendAttachment(conversation.id);
  const [text, setText] = useState(initialText);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const failed = send.isError ? send.error : sendFile.isError ? sendFile.error : null;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (file) {
      if (text.trim().length > MESSAGE_MAX_CHARS) return setError(t('messages.errors.tooLong', { max: MESSAGE_MAX_CHARS }));
      sendFile.mutate(
        { file, body: text },
        {
          onSuccess: () => {
            setText('');
            setFile(null);
          },
        },
      );
      return;
    }
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
        {failed && (
          <Alert variant="light" color="red" role="alert">
            {fileErrorText(t, failed)}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <FileButton onChange={setFile} accept="application/pdf,image/jpeg,image/png">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />}>
                  {t('messages.attach')}
                </Button>
              )}
            </FileButton>
            {file && (
              <Group gap={4} data-testid="chosen-file">
                <Text size="sm">{file.name}</Text>
                <CloseButton size="sm" aria-label={t('messages.removeFile', { name: file.name })} onClick={() => setFile(null)} />
              </Group>
            )}
          </Group>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending || sendFile.isPending}>
            {t('messages.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
