import { ModalsProvider } from '@mantine/modals';
import type { AdminUserRow } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../../lib/i18n';
import enStaff from '../../../lib/texts/en-staff';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { UserRowActions } from './user-row-actions';

const PATIENT: AdminUserRow = {
  id: 7,
  firstName: 'Petro',
  lastName: 'Patient',
  email: 'petro@example.test',
  enabled: true,
  roles: ['ROLE_PATIENT'],
  verified: null,
};

beforeAll(() => applyTexts('en', [enStaff]));

// Disabling an account is sensitive: an admin whose last check is older than 10 minutes is asked again, then it runs.
describe('UserRowActions, disabling after a fresh check', { timeout: 20_000 }, () => {
  let calls: Call[];
  let answers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', 'ada@example.test');
    answers = [
      json({ statusCode: 403, code: 'RECHECK_REQUIRED', message: 'Confirm it is you' }, 403),
      json({ ...PATIENT, enabled: false }),
    ];
    calls = stubApi(({ path }) => {
      if (path === `/api/admin/users/${PATIENT.id}/enable`) return answers.shift() ?? json({}, 500);
      if (path === '/api/user/mfa')
        return json({ totp: true, recoveryCodesLeft: 10, passkeys: 0, required: true, enrolmentRequired: false });
      if (path === '/api/user/recheck') return new Response(null, { status: 204 });
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the app code on RECHECK_REQUIRED and disables once it passes', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ModalsProvider>
        <UserRowActions user={PATIENT} self={false} />
      </ModalsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable this user?' })).getByRole('button', { name: 'Disable' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(await dialog.findByRole('textbox', { name: /authenticator app/ }), '123456');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User disabled')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      ['PUT', `/api/admin/users/${PATIENT.id}/enable`, '?enable=false', undefined],
      ['POST', '/api/user/recheck', '', { code: '123456' }],
      ['PUT', `/api/admin/users/${PATIENT.id}/enable`, '?enable=false', undefined],
    ]);
  });
});
