import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { keepMfaToken } from './second-step-token';
import TwoStepPage from './two-step-page';

function openWith(methods: ('TOTP' | 'PASSKEY')[]) {
  keepMfaToken({ mfaToken: 'challenge', methods });
  const router = createMemoryRouter(
    [
      { path: '/two-step', element: <TwoStepPage /> },
      { path: '/passkey', element: <p>Passkey sign-in</p> },
    ],
    { initialEntries: ['/two-step'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

// The second step offers the factors the account has, and only those.
describe('TwoStepPage', () => {
  it('asks an account with a passkey alone for the passkey, and for no code', () => {
    openWith(['PASSKEY']);
    expect(screen.getByRole('link', { name: 'Continue with your passkey' }).getAttribute('href')).toBe('/passkey');
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
  });

  it('asks for the app code, with the passkey as the other way when the account has both', () => {
    openWith(['TOTP', 'PASSKEY']);
    expect(screen.getByLabelText('Code from your authenticator app').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('link', { name: 'Sign in with a passkey instead' }).getAttribute('href')).toBe('/passkey');
  });

  it('offers no passkey to an account that has none', () => {
    openWith(['TOTP']);
    expect(screen.getByLabelText('Code from your authenticator app').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByRole('link', { name: 'Sign in with a passkey instead' })).toBeNull();
  });
});
