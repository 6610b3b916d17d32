import { Alert, Center, EmptyState, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { hasRole, useSession } from '../../lib/session';
import { useConversations } from './api/conversations';
import { useStartConversation } from './api/start-conversation';
import { AutoReplyCard } from './components/auto-reply-card';
import { ConversationList } from './components/conversation-list';

/**
 * /messages: the reader's conversations. With ?to=ID it opens (or starts) the conversation with that psychologist (a
 * patient) or patient (a psychologist) and passes `text` on to its composer.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = Number(params.get('to')) || null;
  const conversations = useConversations();
  const start = useStartConversation();
  const started = useRef(false);

  useEffect(() => {
    if (!to || started.current) return;
    started.current = true;
    const body = hasRole(session, 'PATIENT') ? { psychologistId: to } : { patientId: to };
    start.mutate(body, {
      onSuccess: (c) => navigate(`/messages/${c.id}`, { replace: true, state: { text: params.get('text') ?? '' } }),
    });
  }, [to, session, start, navigate, params]);

  let body: ReactNode;
  if (to && !start.isError) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('messages.opening')} />
      </Center>
    );
  } else if (conversations.isPending) body = <LoadingSkeleton h={160} />;
  else if (conversations.isError) {
    body = <LoadError message={t('messages.loadError')} onRetry={() => void conversations.refetch()} />;
  } else if (conversations.data.content.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconMessages size={32} />}
        withIndicatorBackground
        title={t('messages.empty')}
        description={t('messages.emptyHint')}
      />
    );
  } else body = <ConversationList conversations={conversations.data.content} />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('messages.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('messages.subtitle')}
        </Text>
      </div>
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('messages.startError')}
        </Alert>
      )}
      {body}
      {hasRole(session, 'PSYCHOLOGIST') && <AutoReplyCard />}
    </Stack>
  );
}
