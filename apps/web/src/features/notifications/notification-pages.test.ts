import type { Notification, NotificationsPage } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import { listed, type NotificationPages, unreadCount, withRead } from './notification-pages';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'BOOKED',
  createdAt: '2026-03-01T10:00:00Z',
  read,
  appointmentId: 7,
  patientId: null,
  conversationId: null,
  title: `Title ${id}`,
  text: `Text ${id}`,
});

const page = (content: Notification[], index: number, unread: number): NotificationsPage => ({
  content,
  page: index,
  size: 2,
  totalElements: 5,
  totalPages: 3,
  last: false,
  unread,
});

const pages = (...list: NotificationsPage[]): NotificationPages => ({ pages: list, pageParams: list.map((p) => p.page) });

describe('notification pages', () => {
  it('lists each notification once, newest first, when a later page overlaps one before', () => {
    // A new one arrived between the two loads: page 1 starts with what page 0 ended with.
    const data = pages(page([note(9), note(8)], 0, 3), page([note(8), note(7)], 1, 3));
    expect(listed(data).map((n) => n.id)).toEqual([9, 8, 7]);
    expect(listed(undefined)).toEqual([]);
  });

  it('takes the unread count of the first page', () => {
    expect(unreadCount(pages(page([note(1)], 0, 4)))).toBe(4);
    expect(unreadCount(undefined)).toBe(0);
  });

  it('marks one read on every page it is on, with the count the server gave', () => {
    const data = pages(page([note(9), note(8)], 0, 3), page([note(8), note(7, true)], 1, 3));
    const after = withRead(data, [8], 2);
    expect(after.pages.flatMap((p) => p.content.filter((n) => n.read).map((n) => n.id))).toEqual([8, 8, 7]);
    expect(after.pages.map((p) => p.unread)).toEqual([2, 2]);
    expect(data.pages[0].content[1].read).toBe(false);
  });

  it('marks all read', () => {
    const after = withRead(pages(page([note(2), note(1)], 0, 2)), 'all', 0);
    expect(after.pages[0].content.every((n) => n.read)).toBe(true);
    expect(unreadCount(after)).toBe(0);
  });
});
