import type { Notification, NotificationsPage } from '@rozmova/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type NotificationPages = InfiniteData<NotificationsPage>;

/** How many of the reader's notifications are unread, on any page (each page carries the same count). */
export const unreadCount = (data: NotificationPages | undefined): number => data?.pages[0]?.unread ?? 0;

/**
 * The loaded notifications in one list, newest first. A page fetched after new ones arrived starts with some the page
 * before already holds; each is listed once.
 */
export function listed(data: NotificationPages | undefined): Notification[] {
  const seen = new Set<number>();
  const out: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const n of page.content) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  return out;
}

/** The pages with the chosen notifications (all when `ids` is 'all') read, and the unread count the server gave. */
export function withRead(data: NotificationPages, ids: number[] | 'all', unread: number): NotificationPages {
  const chosen = (n: Notification) => ids === 'all' || ids.includes(n.id);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread,
      content: page.content.map((n) => (chosen(n) && !n.read ? { ...n, read: true } : n)),
    })),
  };
}
