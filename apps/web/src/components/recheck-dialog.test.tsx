import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { type Call, json, stubApi } from '../test/api-stub';
import { renderWithProviders } from '../test/render';
import { useRecheck } from './recheck-dialog';

const EMAIL = 'olga@example.test';
const stale = () => json({ statusCode: 403, code: 'RECHECK_REQUIRED', message: 'Confirm it is you' }, 403);
const wrong = () => json({ statusCode: 400, code: 'BAD_CODE', message: 'Wrong' }, 400);

/** A sensitive action run through the hook; what `run` settled with is shown. */
function Harness() {
  const { run, dialog } = useRecheck();
  const [result, setResult] = useState('');
  const act = () =>
    run(() => api('/sensitive', { method: 'POST' })).then(
      (done) => setResult(done ? 'done' : 'cancelled'),
      (err: Error) => setResult(`failed ${err.message}`),
    );
  return (
    <>
      <button type="button" onClick={act}>
        Act
      </button>
      <output data-testid="result">{result}</output>
      {dialog}
    </>
  );
}

describe('the re-check dialog and useRecheck', { timeout: 20_000 }, () => {
  let calls: Call[];
  let totp: boolean;
  let action: Response[];
  let checks: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email', EMAIL);
    totp = false;
    action = [stale(), json({})];
    checks = [];
    calls = stubApi(({ path }) => {
      if (path === '/api/sensitive') return action.shift() ?? json({}, 500);
      if (path === '/api/user/mfa')
        return json({ totp, recoveryCodesLeft: 10, passkeys: 0, required: false, enrolmentRequired: false });
      if (path === '/api/user/recheck') return checks.shift() ?? new Response(null, { status: 204 });
      if (path === '/api/auth/email/request-code') return new Response(null, { status: 204 });
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const start = async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    return { user, dialog: within(await screen.findByRole('dialog', { name: 'Confirm it is you' })) };
  };
  const sent = (path: string) => calls.filter((c) => c.path === path);
  const result = () => screen.getByTestId('result').textContent;

  it('asks an account with an authenticator app for its code, says when it is wrong, and retries once after', async () => {
    totp = true;
    checks = [wrong()];
    const { user, dialog } = await start();
    const field = await dialog.findByRole('textbox', { name: 'Code from your authenticator app or a recovery code' });
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Please enter the code from your app or a recovery code'));
    await user.type(field, '111111');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('This code is wrong or was already used. Wait for the next one.'),
    );
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(result()).toBe('done'));
    expect(sent('/api/user/recheck').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '123456' }]);
    expect(sent('/api/sensitive')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the password to an account without an app (and no app code), then retries', async () => {
    checks = [wrong()];
    const { user, dialog } = await start();
    const field = await dialog.findByLabelText('Password');
    expect(dialog.queryByRole('button', { name: 'Use a code from my app instead' })).toBeNull();
    await user.type(field, 'nope');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('This password is wrong.'));
    await user.clear(field);
    await user.type(field, 'right-password');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(result()).toBe('done'));
    expect(sent('/api/user/recheck').map((c) => c.body)).toEqual([{ password: 'nope' }, { password: 'right-password' }]);
    expect(sent('/api/sensitive')).toHaveLength(2);
  });

  it('lets an app account use its password instead', async () => {
    totp = true;
    const { user, dialog } = await start();
    await user.click(await dialog.findByRole('button', { name: 'Use my password instead' }));
    await user.type(dialog.getByLabelText('Password'), 'right-password');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(result()).toBe('done'));
    expect(sent('/api/user/recheck').map((c) => c.body)).toEqual([{ password: 'right-password' }]);
  });

  it('mails a code to the own address for an account that signs in by code, then retries', async () => {
    checks = [wrong()];
    const { user, dialog } = await start();
    await user.click(await dialog.findByRole('button', { name: 'No password? E-mail me a code' }));
    expect(await dialog.findByText(`We sent a 6-digit code to ${EMAIL}. Enter it here.`)).toBeVisible();
    expect(sent('/api/auth/email/request-code').map((c) => c.body)).toEqual([{ email: EMAIL }]);
    const field = dialog.getByRole('textbox', { name: 'Code from the e-mail' });
    await user.type(field, '000000');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('This code is wrong or was already used.'));
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(result()).toBe('done'));
    expect(sent('/api/user/recheck').map((c) => c.body)).toEqual([{ emailCode: '000000' }, { emailCode: '654321' }]);
  });

  it('runs nothing again when cancelled, and retries only once', async () => {
    const first = await start();
    await first.user.click(await first.dialog.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(result()).toBe('cancelled'));
    expect(sent('/api/sensitive')).toHaveLength(1);
    expect(sent('/api/user/recheck')).toEqual([]);

    // Still refused after a check that passed: the error goes to the caller, no second dialog.
    action = [stale(), stale()];
    await first.user.click(screen.getByRole('button', { name: 'Act' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await first.user.type(await dialog.findByLabelText('Password'), 'right-password');
    await first.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(result()).toBe('failed Confirm it is you'));
    expect(sent('/api/sensitive')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
