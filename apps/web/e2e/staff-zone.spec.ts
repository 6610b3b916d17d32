import { type Browser, expect, type Page } from '@playwright/test';
import { openLogin, stored } from './support/auth-ui';
import { test } from './support/fixtures';
import { E2E_STAFF } from './support/global-setup';
import { createOnboardedUser } from './support/users';

const ADMIN = E2E_STAFF.find((s) => s.email === 'berlin-admin@example.test');

async function signIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await openLogin(page);
  await page.getByRole('button', { name: 'Sign in with a password' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN?.email ?? '');
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN?.password ?? '');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const zoneOf = async (page: Page) => {
  const res = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${await stored(page, 'token')}` } });
  return (await res.json()).timeZone as string;
};

test("an admin made without onboarding takes the browser's zone at the first sign-in, and is asked from another zone", async ({
  browser,
  request,
}) => {
  // Two sign-ins in two browsers, each followed by the account's answer.
  test.slow();
  const berlin = await signIn(browser, 'Europe/Berlin');
  await expect.poll(() => zoneOf(berlin)).toBe('Europe/Berlin');
  await expect(berlin.getByRole('dialog')).toHaveCount(0);
  // The audit trail writes each moment on the admin's clock with its zone's name: here the admin's own act.
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', {}, { verified: false });
  const verified = await berlin.request.put(`/api/admin/users/${doctor.id}/verify?verified=true`, {
    headers: { authorization: `Bearer ${await stored(berlin, 'token')}` },
  });
  expect(verified.ok()).toBe(true);
  await berlin.goto('/admin/audit');
  const firstTime = berlin.getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstTime).toHaveText(/\d{2}:\d{2} GMT\+[12]$/);
  await berlin.context().close();

  const newYork = await signIn(browser, 'America/New_York');
  const ask = newYork.getByRole('dialog', { name: 'You are in another time zone' });
  await expect(ask).toContainText('This device is on New York time; your account shows times in Berlin time.');
  await ask.getByRole('button', { name: 'Use New York time' }).click();
  await expect.poll(() => zoneOf(newYork)).toBe('America/New_York');
  await newYork.goto('/admin/audit');
  await expect(newYork.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/\d{2}:\d{2} E[SD]T$/);
  await newYork.context().close();
});
