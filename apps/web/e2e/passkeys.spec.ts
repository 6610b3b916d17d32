import { E2E_PORT } from '../playwright.config';
import { requestCodeThroughForm, typeCode } from './support/auth-ui';
import { expect, test } from './support/fixtures';

// Browsers take no IP address as a passkey's domain: these pages are opened through localhost.
const LOCAL = `http://localhost:${E2E_PORT}`;

test('a patient adds a passkey on a virtual authenticator, names it, signs in with it alone, with and without the e-mail, and is asked for it after the e-mailed code', async ({
  page,
  patient,
}) => {
  // Five sign-ins and the authenticator's ceremonies.
  test.setTimeout(60_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${LOCAL}/login`);
  await typeCode(page, await requestCodeThroughForm(page, patient.email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${LOCAL}/security`);
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const item = page.getByTestId('passkey-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Work laptop');

  await page.getByRole('button', { name: 'Rename Work laptop' }).click();
  await page.getByRole('textbox', { name: 'Name' }).first().fill('Laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(item).toContainText('Laptop');
  await expect(item).not.toContainText('Work laptop');

  // Without the e-mail: the device offers its own passkey (a discoverable credential).
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.goto(`${LOCAL}/passkey`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // With the e-mail: the account's passkeys are asked for.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.goto(`${LOCAL}/passkey`);
  await page.getByRole('textbox', { name: 'E-mail (optional)' }).fill(patient.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A passkey is a second factor too: the e-mailed code alone no longer lets this account in.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.goto(`${LOCAL}/login`);
  await typeCode(page, await requestCodeThroughForm(page, patient.email));
  await expect(page).toHaveURL(/\/two-step$/);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue with your passkey' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${LOCAL}/security`);
  await expect(item).toContainText('Last used');
  await page.getByRole('button', { name: 'Remove Laptop' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});
