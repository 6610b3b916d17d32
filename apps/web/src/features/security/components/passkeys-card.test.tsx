import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { PasskeysCard } from './passkeys-card';

const LAPTOP = { id: 3, name: 'Laptop', createdAt: '2026-03-01T10:00:00Z', lastUsedAt: null };

// Removing a passkey is sensitive: a session whose last check is older than 10 minutes is asked again, then it runs.
describe('PasskeysCard, removing after a fresh check', { timeout: 20_000 }, () => {
  let calls: Call[];
  let removals: Response[];
  let removed: boolean;

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', 'taras@example.test');
    removed = false;
    removals = [json({ statusCode: 403, code: 'RECHECK_REQUIRED', message: 'Confirm it is you' }, 403)];
    calls = stubApi(({ method, path }) => {
      if (path === `/api/user/passkeys/${LAPTOP.id}` && method === 'DELETE') {
        const answer = removals.shift();
        if (answer) return answer;
        removed = true;
        return new Response(null, { status: 204 });
      }
      if (path === '/api/user/passkeys') return json(removed ? [] : [LAPTOP]);
      if (path === '/api/user/mfa')
        return json({ totp: false, recoveryCodesLeft: 0, passkeys: 1, required: false, enrolmentRequired: false });
      if (path === '/api/user/recheck') return new Response(null, { status: 204 });
      if (path === '/api/user/me') return json({ timeZone: 'Europe/Kyiv' });
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password and removes the passkey once it passes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PasskeysCard />);
    await user.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(await dialog.findByLabelText('Password'), 'my-password');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The passkey is removed.')).toBeVisible();
    expect(await screen.findByText('No passkeys yet.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', `/api/user/passkeys/${LAPTOP.id}`, undefined],
      ['POST', '/api/user/recheck', { password: 'my-password' }],
      ['DELETE', `/api/user/passkeys/${LAPTOP.id}`, undefined],
    ]);
  });
});
