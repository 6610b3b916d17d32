import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen, IconNotes } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { notify } from '../../lib/notify';
import { hasRole, useSession } from '../../lib/session';
import { useCloseConversation } from './api/close-conversation';
import { useConversation } from './api/conversation';
import { useKeepWithRecord } from './api/keep-with-record';
import { useMarkConversationRead } from './api/mark-read';
import { useMessages } from './api/messages';
import { Composer } from './components/composer';
import { Thread } from './components/thread';
import { conversationTitle } from './conversation-title';

/** /messages/:id: one conversation, read as it is shown, with its composer where the reader may write. */
export default function ConversationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const location = useLocation();
  const initialText = (location.state as { text?: string } | null)?.text ?? '';
  const conversation = useConversation(id);
  const thread = useMessages(id);
  const markRead = useMarkConversationRead();
  const close = useCloseConversation(id);
  const keep = useKeepWithRecord();
  const isPsychologist = hasRole(useSession(), 'PSYCHOLOGIST');
  const messages = thread.data?.pages.flatMap((p) => p.content) ?? [];
  const newestTheirs = messages.find((m) => !m.mine)?.id;

  // What is shown is read: at opening and whenever the other side's newest message changes.
  useEffect(() => {
    if (newestTheirs !== undefined) markRead.mutate(id);
  }, [id, newestTheirs, markRead.mutate]);

  if (conversation.isPending) return <LoadingSkeleton h={240} />;
  if (conversation.isError) {
    return <LoadError message={t('messages.threadError')} onRetry={() => void conversation.refetch()} />;
  }
  const c = conversation.data;

  let threadBody: ReactNode;
  if (thread.isPending) threadBody = <LoadingSkeleton h={160} />;
  else if (thread.isError) threadBody = <LoadError message={t('messages.threadError')} onRetry={() => void thread.refetch()} />;
  else {
    threadBody = (
      <Thread
        messages={messages}
        hasEarlier={thread.hasNextPage}
        loadingEarlier={thread.isFetchingNextPage}
        onEarlier={() => void thread.fetchNextPage()}
      />
    );
  }

  let footer: ReactNode;
  if (c.canWrite) footer = <Composer conversation={c} initialText={initialText} />;
  else if (c.closed) {
    footer = (
      <Alert variant="light" color="gray" icon={<IconLock size={18} />} role="note">
        {t('messages.closedNotice')}
      </Alert>
    );
  } else {
    footer = (
      <Alert variant="light" color="blue" role="note">
        <Group justify="space-between">
          <Text size="sm">{t('messages.groupReadOnly')}</Text>
          <Button component={Link} to={`/messages?to=${c.other.id}`} size="xs" variant="light">
            {t('messages.replyPrivately')}
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/messages" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t('messages.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {conversationTitle(t, c)}
        </Title>
        {isPsychologist && c.kind === 'DIRECT' && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconNotes size={16} />}
              loading={keep.isPending}
              onClick={() =>
                keep.mutate(id, {
                  onSuccess: () => notify.success(t('messages.kept')),
                  onError: () => notify.error(t('messages.keepError')),
                })
              }
            >
              {t('messages.keep')}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={c.closed ? <IconLockOpen size={16} /> : <IconLock size={16} />}
              loading={close.isPending}
              onClick={() => close.mutate(!c.closed)}
            >
              {c.closed ? t('messages.reopen') : t('messages.close')}
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        {threadBody}
      </Paper>
      {footer}
    </Stack>
  );
}
