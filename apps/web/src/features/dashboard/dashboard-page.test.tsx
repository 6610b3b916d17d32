import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import DashboardPage from './dashboard-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function signedIn(me: { firstName: string; lastName: string }) {
  localStorage.setItem('token', 't');
  localStorage.setItem('email', 'mod@example.test');
  localStorage.setItem('role', 'ROLE_MODERATOR');
  localStorage.setItem('profileCompleted', 'true');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) =>
      url.pathname === '/api/user/me' ? json({ id: 4, email: 'mod@example.test', timeZone: 'Europe/Kyiv', ...me }) : json({}),
    ),
  );
  renderWithProviders(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

// The greeting: by first name, by e-mail only when the account has no name.
describe('DashboardPage greeting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('greets by first name', async () => {
    signedIn({ firstName: 'Olha', lastName: 'Moderova' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, Olha$/));
  });

  it('greets by e-mail when the account has no name', async () => {
    signedIn({ firstName: '', lastName: '' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, mod@example\.test$/));
  });
});
