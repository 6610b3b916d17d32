import { expect, test } from '@playwright/test';
import { stored } from './support/auth-ui';
import { createOnboardedUser, signInByCode, useSession } from './support/users';

test('an anonymous visitor on protected routes goes to /login', async ({ page }) => {
  for (const path of ['/dashboard', '/onboarding', '/patient/profile', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in user with an unfinished profile is sent to /onboarding', async ({ page, request }) => {
  await useSession(page, await signInByCode(request));
  for (const path of ['/dashboard', '/doctor/schedule', '/patient/doctors', '/auth-email', '/login', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding$/);
  }
});

test('a wrong role goes to /dashboard; the right role stays', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'));
  for (const path of ['/doctor/schedule', '/manager/dashboard', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await expect(page.getByTestId('dashboard-role')).toHaveText(/patient/);
  await page.goto('/patient/appointments');
  await expect(page).toHaveURL(/\/patient\/appointments$/);
});

test('/auth-email sends a signed-in user to /dashboard', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PSYCHOLOGIST'));
  await page.goto('/auth-email');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the brand link asks before leaving the cabinet, and logout clears the session', async ({ page, request }) => {
  const user = await createOnboardedUser(request, 'PATIENT');
  await useSession(page, user);
  await page.goto('/dashboard');
  const brand = page.getByRole('button', { name: 'Rozmova — home page' });

  await brand.click();
  const dialog = page.getByRole('dialog', { name: 'Leave cabinet?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  await brand.click();
  await page.getByRole('dialog', { name: 'Leave cabinet?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
  // From the landing page the brand link does not ask.
  await brand.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: 'Enter office' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'token')).toBeNull();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('the top navigation works from the keyboard', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'));
  await page.goto('/dashboard');
  const findDoctors = page.getByRole('banner').getByRole('link', { name: 'Find doctors' });
  await findDoctors.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient\/doctors$/);
  await expect(findDoctors).toHaveAttribute('aria-current', 'page');
});
