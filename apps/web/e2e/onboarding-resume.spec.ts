import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { signInByCode, useSession } from './support/users';

test('onboarding resumes at its step, with what was typed, after a reload', async ({ page, request }) => {
  await useSession(page, await signInByCode(request));
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('First name').fill('Ola');

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ola');
  await expect(page.getByRole('radio', { name: 'I am looking for support' })).toHaveCount(0);
});
