import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadMessages } from '../api/unread';

/** The header's way to the messages, with the unread count kept current by polling. */
export default function MessagesLink() {
  const { t } = useTranslation();
  const unread = useUnreadMessages().data?.unread ?? 0;
  const badge = unread > 99 ? '99+' : unread > 0 ? String(unread) : null;
  return (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={unread > 0 ? t('messages.navUnread', { count: unread }) : t('messages.nav')}
      data-testid="messages-link"
      data-unread={unread}
      style={{ overflow: 'visible' }}
    >
      <Indicator label={badge && <span aria-hidden>{badge}</span>} disabled={!badge} size={16} offset={3} color="red">
        <IconMessages size={22} style={{ display: 'block' }} />
      </Indicator>
    </ActionIcon>
  );
}
