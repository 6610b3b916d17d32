import { MantineProvider } from '@mantine/core';
import type { NotificationsPage } from '@rozmova/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../../lib/i18n';
import en from '../../../lib/texts/en';
import enApp from '../../../lib/texts/en-app';
import NotificationBell from './notification-bell';

const PAGE: NotificationsPage = {
  content: [
    {
      id: 9,
      kind: 'RISK_ALERT',
      createdAt: '2026-03-01T10:00:00Z',
      read: false,
      appointmentId: null,
      patientId: 42,
      conversationId: null,
      title: 'Urgent: please check on Petro Shevchenko',
      text: 'A questionnaire Petro Shevchenko completed just now asks for your prompt attention.',
    },
  ],
  page: 0,
  size: 10,
  totalElements: 1,
  totalPages: 1,
  last: true,
  unread: 1,
};

function Where() {
  const { pathname, search } = useLocation();
  return <h1>{`${pathname}${search}`}</h1>;
}

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

// A risk alert in the psychologist's bell opens that patient's view, where their questionnaires are.
describe('NotificationBell, a risk alert', () => {
  let root: Root;

  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await applyTexts('en', [en, enApp]);
  });
  beforeEach(async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('role', 'ROLE_PSYCHOLOGIST');
    localStorage.setItem('profileCompleted', 'true');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/api/notifications') return json(PAGE);
        if (url.pathname === '/api/notifications/9/read') return json({ unread: 0 });
        if (url.pathname === '/api/user/me') return json({ id: 1, timeZone: 'Europe/Kyiv' });
        return new Response('{}', { status: 404 });
      }),
    );
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
                <Route path="*" element={<Where />} />
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

  it("opens the patient's questionnaires", async () => {
    await eventually(() => expect(button('Notifications, 1 unread')).toBeDefined());
    await act(async () => button('Notifications')?.click());
    await eventually(() => expect(button('Urgent: please check on Petro Shevchenko')).toBeDefined());
    await act(async () => button('Urgent: please check on Petro Shevchenko')?.click());
    await eventually(() => expect(document.querySelector('h1')?.textContent).toBe('/doctor/appointments?patient=42'));
  });
});
