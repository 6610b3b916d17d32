import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { TwoStepCard } from './two-step-card';

const stale = () => json({ statusCode: 403, code: 'RECHECK_REQUIRED', message: 'Confirm it is you' }, 403);

// Turning the app off is sensitive: a session whose last check is older than 10 minutes is asked again, then it runs.
describe('TwoStepCard, turning the app off after a fresh check', { timeout: 20_000 }, () => {
  let calls: Call[];
  let removals: Response[];
  let checks: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', 'olena@example.test');
    removals = [stale(), new Response(null, { status: 204 })];
    checks = [json({ statusCode: 400, code: 'BAD_CODE', message: 'Wrong' }, 400), new Response(null, { status: 204 })];
    calls = stubApi(({ method, path }) => {
      if (path === '/api/user/mfa/totp' && method === 'DELETE') return removals.shift() ?? json({}, 500);
      if (path === '/api/user/mfa')
        return json({ totp: true, recoveryCodesLeft: 9, passkeys: 0, required: false, enrolmentRequired: false });
      if (path === '/api/user/recheck') return checks.shift() ?? json({}, 500);
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the app code, says a wrong one is wrong, and turns the app off once a right one passes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TwoStepCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    const field = await dialog.findByRole('textbox', { name: /authenticator app/ });
    await user.type(field, '111111');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('This code is wrong or was already used. Wait for the next one.'),
    );
    await user.clear(field);
    await user.type(field, 'k7pqm-2xw9d');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', '/api/user/mfa/totp', undefined],
      ['POST', '/api/user/recheck', { code: '111111' }],
      ['POST', '/api/user/recheck', { code: 'k7pqm-2xw9d' }],
      ['DELETE', '/api/user/mfa/totp', undefined],
    ]);
  });
});
