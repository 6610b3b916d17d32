import { generate } from 'otplib';
import { openLogin, requestCodeThroughForm, typeCode } from './support/auth-ui';
import { expect, test } from './support/fixtures';
import { layoutProblems, underFloatingButton } from './support/layout-checks';

// The device on the account's clock, so no offer to change zones comes between the steps.
test.use({ timezoneId: 'Europe/Kyiv' });

/** What an authenticator app holding this secret shows now, or `ahead` seconds from now. */
const appCode = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead });

test('a psychologist sets up an authenticator app (codes computed here), then signs in with it, on a phone too', async ({
  page,
  psychologist,
}) => {
  // Three sign-ins, each waiting for a mailed code.
  test.setTimeout(60_000);
  await openLogin(page);
  await typeCode(page, await requestCodeThroughForm(page, psychologist.email));
  await expect(page).toHaveURL(/\/dashboard$/);

  // From the profile's security card to the set-up.
  await page.goto('/doctor/profile');
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('session-item').filter({ hasText: 'This device' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Rozmova to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  const field = page.getByRole('textbox', { name: 'Code from your authenticator app' });
  await field.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('This code is wrong or was already used')).toBeVisible();
  await field.fill(await appCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-step verification is on. Recovery codes left: 10.')).toBeVisible();

  // Signing in again asks for the app's code after the e-mailed one; a phone's width takes the same steps.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await openLogin(page);
  await typeCode(page, await requestCodeThroughForm(page, psychologist.email));
  await expect(page).toHaveURL(/\/two-step$/);
  expect(await layoutProblems(page)).toEqual([]);
  // The code used to turn the app on is not taken twice; the app's next code is (one step of drift is allowed).
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await appCode(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/security');
  await expect(page.getByText('Two-step verification is on. Recovery codes left: 10.')).toBeVisible();
  // The quick-actions button floats over the page by design; what it must not hide is the page's end.
  const problems = await layoutProblems(page);
  expect([...problems.filter((p) => !p.startsWith('<button> "Quick actions"')), ...(await underFloatingButton(page))]).toEqual(
    [],
  );

  // A recovery code signs in once.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await openLogin(page);
  await typeCode(page, await requestCodeThroughForm(page, psychologist.email));
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/security');
  await expect(page.getByText('Two-step verification is on. Recovery codes left: 9.')).toBeVisible();
});
