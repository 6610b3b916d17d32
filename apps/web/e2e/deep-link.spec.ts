import { expect } from '@playwright/test';
import { openLogin, requestCodeThroughForm, typeCode } from './support/auth-ui';
import { test } from './support/fixtures';

test('a link opened while signed out survives the sign-in and lands where it pointed', async ({ patient, page }) => {
  await page.goto('/patient/appointments?tab=archived');
  await expect(page).toHaveURL(/\/login$/);
  await typeCode(page, await requestCodeThroughForm(page, patient.email));
  await expect(page).toHaveURL(/\/patient\/appointments\?tab=archived$/);
  // Once used, it is forgotten: the next sign-in goes to the dashboard.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await openLogin(page);
  await typeCode(page, await requestCodeThroughForm(page, patient.email));
  await expect(page).toHaveURL(/\/dashboard$/);
});
