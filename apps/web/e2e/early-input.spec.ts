import { expect, type Page } from '@playwright/test';
import { codeBoxes } from './support/auth-ui';
import { test } from './support/fixtures';
import { mailCount, mailedCode, uniqueEmail } from './support/users';

/**
 * Holds the page's entry script (the sign-in pages' own, or the app's) back until the returned function is called, so
 * that what the test does lands on the pre-rendered HTML before the app has taken it over, however fast the machine.
 */
async function holdApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(index|sign-in)-[\w-]{8}\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const live = (page: Page) => page.locator('html').getAttribute('data-live');

test('"Sign in with a password" clicked on the pre-rendered page opens the password form once the app is live', async ({
  page,
}) => {
  const release = await holdApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign in with a password' }).click();
  expect(await live(page)).toBeNull();
  release();
  // Filled the moment the app is live: the kept click must come first, or this would land in the code form.
  await page.getByRole('textbox', { name: 'E-mail' }).fill('olena.kovalenko@rozmova.demo');
  await page.getByRole('textbox', { name: 'Password' }).fill('rozmova-demo-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an e-mail typed and "Send code" clicked on the pre-rendered page send the code once the app is live', async ({ page }) => {
  const email = uniqueEmail('early');
  const before = await mailCount(email);
  const release = await holdApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'E-mail' }).pressSequentially(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  expect(await live(page)).toBeNull();
  release();
  await expect(page.getByText(`Verification code sent to ${email}`).last()).toBeVisible();
  await expect(codeBoxes(page)).toHaveCount(6);
  expect(await mailedCode(email, before)).toMatch(/^\d{6}$/);
});

test('Enter in the e-mail field of the pre-rendered page sends the code once the app is live', async ({ page }) => {
  const email = uniqueEmail('early-enter');
  const release = await holdApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const field = page.getByRole('textbox', { name: 'E-mail' });
  await field.pressSequentially(`${email}x`);
  await field.press('Backspace');
  await field.press('Enter');
  expect(await live(page)).toBeNull();
  release();
  await expect(page.getByText(`Verification code sent to ${email}`).last()).toBeVisible();
});

test('on a direct load, "Sign in with a password" and "Send code" answer as soon as they show', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a password' }).click();
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();

  const email = uniqueEmail('early-direct');
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).pressSequentially(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Verification code sent to ${email}`).last()).toBeVisible();
});
