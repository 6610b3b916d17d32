import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import PrivacyPage from './privacy-page';

// Deleting the account is sensitive: a session whose last check is older than 10 minutes is asked again, then it runs.
describe('PrivacyPage, deleting after a fresh check', { timeout: 20_000 }, () => {
  let calls: Call[];
  let deletions: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', 'maria@example.test');
    localStorage.setItem('role', 'PATIENT');
    deletions = [
      json({ statusCode: 403, code: 'RECHECK_REQUIRED', message: 'Confirm it is you' }, 403),
      json({ purgeAt: '2026-04-10T00:00:00Z' }, 202),
    ];
    calls = stubApi(({ path }) => {
      if (path === '/api/user/deletion') return deletions.shift() ?? json({}, 500);
      if (path === '/api/user/mfa')
        return json({ totp: false, recoveryCodesLeft: 0, passkeys: 0, required: false, enrolmentRequired: false });
      if (path === '/api/user/recheck') return new Response(null, { status: 204 });
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password and deletes once it passes', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter(
      [
        { path: '/privacy', element: <PrivacyPage /> },
        { path: '/privacy-notice', element: <p>Notice</p> },
      ],
      { initialEntries: ['/privacy'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await user.type(confirm.getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(confirm.getByRole('button', { name: 'Delete for good' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    expect(dialog.queryByRole('button', { name: 'Use a code from my app instead' })).toBeNull();
    await user.type(await dialog.findByLabelText('Password'), 'patient-password');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/privacy-notice?deleted=1'));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/user/deletion', undefined],
      ['POST', '/api/user/recheck', { password: 'patient-password' }],
      ['POST', '/api/user/deletion', undefined],
    ]);
  });
});
