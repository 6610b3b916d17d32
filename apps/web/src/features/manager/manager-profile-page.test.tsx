import type { ManagerProfile } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ManagerProfilePage from './manager-profile-page';

type Call = { method: string; body: unknown };

const PROFILE: ManagerProfile = {
  managerId: 3,
  firstName: 'Mila',
  lastName: 'Manager',
  email: 'mila@example.test',
  managedPatients: [],
  version: 1,
};
const ELSEWHERE = { ...PROFILE, lastName: 'Renamed elsewhere', version: 2 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The manager's profile form when a save meets a profile saved elsewhere meanwhile (another tab).
describe('ManagerProfilePage, a stale save', { timeout: 20_000 }, () => {
  let calls: Call[];
  let answers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    calls = [];
    answers = [
      json(PROFILE),
      json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409),
      json(ELSEWHERE),
      json({ ...ELSEWHERE, firstName: 'Milana', version: 3 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init: RequestInit) => {
        // The page's time-zone card reads the account's zone.
        if (url.pathname === '/api/user/me') return json({ timeZone: 'Europe/Kyiv' });
        if (url.pathname !== '/api/manager/profile') return json([]);
        calls.push({ method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
        return answers.shift() ?? json({}, 500);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  async function refuseAndReload() {
    const user = userEvent.setup({ delay: null });
    // A data router: the form's guard against leaving with unsaved edits needs one.
    const router = createMemoryRouter([{ path: '/', element: <ManagerProfilePage /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const firstName = (await screen.findByRole('textbox', { name: /First name/ })) as HTMLInputElement;
    await user.clear(firstName);
    await user.type(firstName, 'Milana');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(firstName.value).toBe('Milana');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('What you typed is still in the form');
    expect(alert.isConnected).toBe(false);
    expect(firstName.value).toBe('Milana');
    return { user, firstName, status };
  }

  it('keeps the typed name through the reload, takes the name changed elsewhere only, and saves over the fresh version', async () => {
    const { user, status } = await refuseAndReload();
    const lastName = within(status).getByRole('group', { name: 'Last name' });
    expect(within(lastName).getByRole('group', { name: 'Saved version' }).textContent).toBe('Saved versionRenamed elsewhere');
    expect((screen.getByRole('textbox', { name: /Last name/ }) as HTMLInputElement).value).toBe('Renamed elsewhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['GET', undefined],
      ['PUT', { firstName: 'Milana', lastName: 'Manager', version: 1 }],
      ['GET', undefined],
      ['PUT', { firstName: 'Milana', lastName: 'Renamed elsewhere', version: 2 }],
    ]);
    await waitFor(() => expect(screen.queryByText(/What you typed is still in the form/)).toBeNull());
  });

  it('discarding after the reload shows the version saved elsewhere', async () => {
    const { user, firstName } = await refuseAndReload();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(firstName.value).toBe('Mila');
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByRole('textbox', { name: /Last name/ }) as HTMLInputElement).value).toBe('Renamed elsewhere');
  });
});
