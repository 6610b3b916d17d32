import { rmSync } from 'node:fs';
import { generate } from 'otplib';
import { requestCodeThroughForm, typeCode } from './support/auth-ui';
import { expect, test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, SERVER_ENTRY, startServer, stopServer } from './support/global-setup';
import { createOnboardedUser } from './support/users';

const root = new URL('../../../', import.meta.url).pathname;

test.use({ timezoneId: 'Europe/Kyiv' });

test('with MFA_REQUIRED_ROLES a psychologist without a second factor reaches only the set-up, then the app', async ({
  browser,
  playwright,
}) => {
  // A server of its own (the run's server asks no one for a second factor), then a sign-in and the set-up.
  test.setTimeout(90_000);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = ownDataDir('two-step');
  const server = await startServer(root, { ...ownServerEnv(port, dataDir), MFA_REQUIRED_ROLES: 'PSYCHOLOGIST' }, SERVER_ENTRY);
  try {
    const request = await playwright.request.newContext({ baseURL });
    const psychologist = await createOnboardedUser(request, 'PSYCHOLOGIST', {}, { verified: false });
    const refused = await request.get('/api/psychologist/profile', {
      headers: { authorization: `Bearer ${psychologist.token}` },
    });
    expect([refused.status(), (await refused.json()).code]).toEqual([403, 'MFA_ENROLMENT_REQUIRED']);

    const page = await (await browser.newContext({ baseURL, timezoneId: 'Europe/Kyiv' })).newPage();
    await page.goto('/login');
    await typeCode(page, await requestCodeThroughForm(page, psychologist.email));
    // The dashboard's calls are refused, and the app sends the session to the set-up.
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Set up two-step verification to continue' })).toBeVisible();
    await expect(page.getByText('Signed-in devices')).toHaveCount(0);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page
      .getByRole('textbox', { name: 'Code from your authenticator app' })
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/doctor/profile');
    await expect(page).toHaveURL(/\/doctor\/profile$/);
    await expect(page.getByRole('link', { name: 'Manage' })).toBeVisible();
    await request.dispose();
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
