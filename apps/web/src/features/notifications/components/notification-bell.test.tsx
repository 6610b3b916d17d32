import { MantineProvider } from '@mantine/core';
import type { Notification, NotificationsPage } from '@rozmova/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../../lib/i18n';
import en from '../../../lib/texts/en';
import enApp from '../../../lib/texts/en-app';
import NotificationBell from './notification-bell';

const note = (id: number, read: boolean, appointmentId: number | null): Notification => ({
  id,
  kind: appointmentId ? 'BOOKED' : 'MESSAGE',
  createdAt: '2026-03-01T10:00:00Z',
  read,
  appointmentId,
  patientId: null,
  conversationId: null,
  title: `Title ${id}`,
  text: `Text ${id}`,
});
const FIRST: NotificationsPage = {
  content: [note(3, false, 11), note(2, false, null), note(1, true, 10)],
  page: 0,
  size: 10,
  totalElements: 3,
  totalPages: 1,
  last: true,
  unread: 2,
};

/** The API as the bell and its panel call it; every call is recorded as "METHOD /path". */
function serve(calls: string[]) {
  return vi.fn(async (url: URL, init: RequestInit) => {
    calls.push(`${init.method} ${url.pathname}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/notifications') return json(FIRST);
    if (url.pathname === '/api/notifications/read-all') return json({ unread: 0 });
    if (url.pathname === '/api/notifications/3/read') return json({ unread: 1 });
    if (url.pathname === '/api/user/me') return json({ id: 1, timeZone: 'Europe/Kyiv' });
    return new Response('{}', { status: 404 });
  });
}

/** Runs `check` until it stops throwing, letting timers, fetches and lazy chunks settle in between. */
async function eventually(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      return check();
    } catch (err) {
      if (i > 100) throw err;
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
  }
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent)?.includes(name));

describe('NotificationBell', () => {
  let root: Root;
  let calls: string[];

  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // happy-dom lays nothing out, so the panel's focus trap finds nothing it counts as focusable; browsers do (e2e).
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args) => {
      if (!String(args[0]).includes('use-focus-trap')) warn(...args);
    });
    await applyTexts('en', [en, enApp]);
  });
  beforeEach(async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('role', 'ROLE_PATIENT');
    localStorage.setItem('profileCompleted', 'true');
    calls = [];
    vi.stubGlobal('fetch', serve(calls));
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <MantineProvider>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={['/dashboard']}>
              <NotificationBell />
              <Routes>
                <Route path="/dashboard" element={<h1>Dashboard</h1>} />
                <Route path="/patient/appointments" element={<h1>My appointments</h1>} />
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>,
      ),
    );
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  afterAll(() => vi.restoreAllMocks());

  it('shows the unread count and names it for screen readers', async () => {
    await eventually(() => expect(button('Notifications')?.getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(document.querySelector('.mantine-Indicator-indicator')?.textContent).toBe('2');
  });

  it('lists them newest first, marks all read, and the bell follows', async () => {
    await eventually(() => expect(button('Notifications, 2 unread')).toBeDefined());
    await act(async () => button('Notifications')?.click());
    await eventually(() => expect(document.querySelectorAll('[role=dialog] li')).toHaveLength(3));
    const items = () => [...document.querySelectorAll('[role=dialog] li')].map((li) => li.textContent);
    // The time on the account's clock (Kyiv, UTC+2), whatever the machine's zone.
    await eventually(() => expect(items()[0]).toBe('Title 3Text 3March 1, 2026 12:00 GMT+2'));
    expect(items()).toEqual([
      expect.stringMatching(/^Title 3/),
      expect.stringMatching(/^Title 2/),
      expect.stringMatching(/^Title 1/),
    ]);
    const unreadMarks = () =>
      [...document.querySelectorAll('[role=dialog] li [role=img]')].map((m) => m.getAttribute('aria-label'));
    expect(unreadMarks()).toEqual(['Unread', 'Unread']);

    await act(async () => button('Mark all as read')?.click());
    await eventually(() => expect(button('Notifications')?.getAttribute('aria-label')).toBe('Notifications'));
    expect(calls).toContain('PUT /api/notifications/read-all');
    expect(unreadMarks()).toEqual([]);
  });

  it('marks one read on opening it and goes to the appointments it is about', async () => {
    await eventually(() => expect(button('Notifications, 2 unread')).toBeDefined());
    await act(async () => button('Notifications')?.click());
    await eventually(() => expect(button('Title 3')).toBeDefined());
    await act(async () => button('Title 3')?.click());
    await eventually(() => expect(document.querySelector('h1')?.textContent).toBe('My appointments'));
    await eventually(() => expect(button('Notifications')?.getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(calls).toContain('PUT /api/notifications/3/read');
  });
});
