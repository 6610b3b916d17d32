import type { AdminProfile } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import AdminProfilePage from './admin-profile-page';

const PROFILE: AdminProfile = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.test',
  enabled: true,
  version: 5,
};
const ELSEWHERE: AdminProfile = { ...PROFILE, firstName: 'Adah', version: 6 };

// The admin's own profile: the version read goes with the save; a save refused as stale keeps the typed name.
describe('AdminProfilePage, a stale save', { timeout: 20_000 }, () => {
  let calls: Call[];
  let answers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', PROFILE.email);
    answers = [json(PROFILE), staleAnswer(), json(ELSEWHERE), json({ ...ELSEWHERE, firstName: 'Adele', version: 7 })];
    calls = stubApi(({ path }) => {
      if (path === '/api/admin/profile') return answers.shift() ?? json({}, 500);
      // The page's time-zone card reads the account's zone.
      return path === '/api/user/me' ? json({ timeZone: 'Europe/Kyiv' }) : json([]);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name saved elsewhere beside the typed one and saves the typed one over it', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <AdminProfilePage /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const firstName = (await screen.findByRole('textbox', { name: /First name/ })) as HTMLInputElement;
    await user.clear(firstName);
    await user.type(firstName, 'Adele');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('alert', { name: 'Changed elsewhere' })).getByRole('button', { name: 'Reload' }),
    );

    const group = within(await screen.findByRole('status')).getByRole('group', { name: 'First name' });
    expect(within(group).getByRole('group', { name: 'Saved version' }).textContent).toBe('Saved versionAdah');
    expect(within(group).getByRole('group', { name: 'In your form' }).textContent).toBe('In your formAdele');
    expect(firstName.value).toBe('Adele');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const own = () => calls.filter((c) => c.path === '/api/admin/profile');
    await waitFor(() => expect(own()).toHaveLength(4));
    expect(own().map((c) => [c.method, c.query, c.body])).toEqual([
      ['GET', '?email=ada%40example.test', undefined],
      ['PUT', '?email=ada%40example.test', { firstName: 'Adele', lastName: 'Admin', version: 5 }],
      ['GET', '?email=ada%40example.test', undefined],
      ['PUT', '?email=ada%40example.test', { firstName: 'Adele', lastName: 'Admin', version: 6 }],
    ]);
  });
});
