import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/EmptyState.css';
import { Alert, Box, Button, Center, Divider, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import type { Notification } from '@rozmova/contract';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useMarkRead } from '../api/mark-read';
import { useNotifications } from '../api/notifications';
import { listed, unreadCount } from '../notification-pages';
import { notificationTarget } from '../notification-target';
import { NotificationItem } from './notification-item';

/**
 * The bell's panel: the notifications newest first, "Mark all as read" and "Show more". Opening one marks it read
 * and, when it is about an appointment, goes to the reader's appointments.
 */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const query = useNotifications();
  const mark = useMarkRead();
  const navigate = useNavigate();
  const session = useSession();
  const items = listed(query.data);
  const unread = unreadCount(query.data);
  const markFailed = () => notify.error(t('notifications.markError'));

  const open = (n: Notification) => {
    if (!n.read) mark.mutate(n.id, { onError: markFailed });
    const to = notificationTarget(n, session);
    if (!to) return;
    onClose();
    void navigate(to);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center p="lg">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (!query.data) {
    body = (
      <Alert m="sm" color="red" variant="light" title={t('notifications.loadError')}>
        <Button mt="xs" size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        py="lg"
        px="md"
        icon={<IconBellOff size={28} />}
        title={t('notifications.empty')}
        description={t('notifications.emptyHint')}
      />
    );
  } else {
    body = (
      <>
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={open} />
            </li>
          ))}
        </Box>
        {query.isFetchNextPageError && (
          <Text size="sm" c="red.4" ta="center" pt="xs" role="alert">
            {t('notifications.moreError')}
          </Text>
        )}
        {query.hasNextPage && (
          <Center p="xs">
            <Button variant="subtle" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('notifications.showMore')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack gap={0}>
      {/* On a narrow phone a long "Mark all as read" goes under the title rather than being cut. */}
      <Group justify="space-between" gap="xs" px="md" py="xs" mih={48}>
        <Text component="h2" fw={700} size="md" m={0}>
          {t('notifications.title')}
        </Text>
        {items.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} />}
            // Disabled but still focusable, and no spinner (the list shows all read at once): focus stays in the panel.
            data-disabled={unread === 0 || undefined}
            aria-disabled={unread === 0}
            onClick={() => unread > 0 && mark.mutate('all', { onError: markFailed })}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Group>
      <Divider />
      <Box mah="min(480px, calc(100dvh - 120px))" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
        {body}
      </Box>
    </Stack>
  );
}
