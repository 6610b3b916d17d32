import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { createOnboardedUser, useSession } from './support/users';

test('the landing page presents the four sections, the claims and a login button', async ({ page }) => {
  await page.goto('/');
  for (const id of ['services', 'therapists', 'support', 'security']) await expect(page.locator(`section#${id}`)).toBeVisible();
  for (const claim of ['Licensed therapists', 'Video sessions 24/7', 'Individual and group therapy', 'End-to-end encryption']) {
    await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Enter office' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Page sections' }).first().getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/#security$/);
  await expect(page.locator('section#security')).toBeInViewport();

  await page.getByRole('link', { name: 'Log in', exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in visitor sees enter office instead of logging in', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PSYCHOLOGIST'));
  await page.goto('/');
  // The page runs no app code: its script shows the signed-in version before the first paint, in header and hero.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Enter office' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Enter office' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the landing page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the Ukrainian header's office button fits a 390 px phone", async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'), 'uk');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const office = page.getByRole('banner').getByRole('link', { name: 'До кабінету' });
  await expect(office).toBeVisible();
  const box = await office.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  // Its label is not cut: the text's own width fits the button.
  expect(await office.evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
});
