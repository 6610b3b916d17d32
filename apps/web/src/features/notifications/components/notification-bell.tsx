import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Popover.css';
import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/notifications';
import { bellLabel, unreadBadge } from '../bell-label';
import { unreadCount } from '../notification-pages';

const loadPanel = () => import('./notification-panel');
// The list comes on first opening, or as soon as the pointer or focus reaches the bell: pages carry only the bell.
const NotificationPanel = lazy(loadPanel);

/** A column beside the bell on a desktop; on a phone the width of the screen less a margin. */
const PANEL_WIDTH = 'min(420px, calc(100vw - 16px))';

/** The signed-in header's bell: the unread count, kept current by polling, and the panel of notifications. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const unread = unreadCount(useNotifications().data);
  const badge = unreadBadge(unread);
  const preload = () => void loadPanel();

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={PANEL_WIDTH}
      shadow="md"
      radius="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellLabel(t, unread)}
          // A wide count ("99+") may reach past the button's edge rather than be cut.
          style={{ overflow: 'visible' }}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setUsed(true);
            setOpened((o) => !o);
          }}
        >
          {/* The count sits on the icon, inside the button, so it never covers anything beside it. */}
          <Indicator label={badge && <span aria-hidden>{badge}</span>} disabled={!badge} size={16} offset={3} color="red">
            <IconBell size={22} style={{ display: 'block' }} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        {used && (
          <Suspense
            fallback={
              <Center p="lg">
                <Loader size="sm" role="status" aria-label={t('common.loading')} />
              </Center>
            }
          >
            <NotificationPanel onClose={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
