import type { TFunction } from 'i18next';

/** Beyond this the badge stops counting. */
export const BADGE_MAX = 99;

/** The number on the bell: none when all is read, "99+" past BADGE_MAX. */
export const unreadBadge = (unread: number): string | null =>
  unread <= 0 ? null : unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);

/** What the bell button says to a screen reader: "Notifications", or "Notifications, 3 unread". */
export const bellLabel = (t: TFunction, unread: number): string =>
  unread > 0 ? t('notifications.bellUnread', { unread }) : t('notifications.bell');
