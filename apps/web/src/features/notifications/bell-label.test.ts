import { describe, expect, it } from 'vitest';
import { bellLabel, unreadBadge } from './bell-label';
import { textsIn } from './test-texts';

describe('the bell', () => {
  it('shows no number when everything is read, the count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('tells a screen reader how many are unread, in both languages', async () => {
    const en = await textsIn('en');
    const uk = await textsIn('uk');
    expect(bellLabel(en, 0)).toBe('Notifications');
    expect(bellLabel(en, 3)).toBe('Notifications, 3 unread');
    expect(bellLabel(en, 1)).toBe('Notifications, 1 unread');
    expect(bellLabel(uk, 0)).toBe('Сповіщення');
    expect(bellLabel(uk, 3)).toBe('Сповіщення, непрочитаних: 3');
    // The exact count, even past what the badge shows.
    expect(bellLabel(en, 120)).toBe('Notifications, 120 unread');
  });
});
