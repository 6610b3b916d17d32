import { expect } from '@playwright/test';
import { pickBirthDate } from './support/auth-ui';
import { test } from './support/fixtures';
import { signInByCode, useSession } from './support/users';

// A patient abroad: the browser says New York.
test.use({ timezoneId: 'America/New_York' });

test("onboarding keeps the browser's time zone, and the profile screen changes it", async ({ page, request }) => {
  // Slow: the whole onboarding wizard in a browser set to another zone, then the profile saved and read back twice.
  test.slow();
  const auth = await signInByCode(request);
  await useSession(page, auth);
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Last name').fill('Nowak');
  await pickBirthDate(page, { year: 1990, month: 'May', day: 3 });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/patient\/profile$/);

  const zone = page.getByRole('combobox', { name: 'Your time zone' });
  await expect(zone).toHaveValue(/^America\/New York \(GMT-[45]\)$/);
  await zone.click();
  await zone.fill('Warsaw');
  await page.getByRole('option', { name: /^Europe\/Warsaw/ }).click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
  // The device's own zone is a click away once another one is chosen.
  await expect(page.getByRole('button', { name: "Use this device's zone (America/New York)" })).toBeVisible();

  await page.reload();
  await expect(zone).toHaveValue(/^Europe\/Warsaw \(GMT\+[12]\)$/);
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${auth.token}` } });
  expect((await me.json()).timeZone).toBe('Europe/Warsaw');
});
