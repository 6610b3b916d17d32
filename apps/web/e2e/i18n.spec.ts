import { expect } from '@playwright/test';
import { stored, waitForLive } from './support/auth-ui';
import { test } from './support/fixtures';

test('switching to Ukrainian translates the app and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Talk to a licensed therapist');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await waitForLive(page);

  await page.getByRole('banner').getByText('UK', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Увійти', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  expect(await stored(page, 'locale')).toBe('uk');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
  await page.getByRole('button', { name: 'Надіслати код' }).click();
  await expect(page.getByText('Будь ласка, введіть свій e-mail')).toBeVisible();
  await expect(page).toHaveTitle('Вхід · Rozmova');

  await page.getByRole('banner').getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Rozmova' })).toBeVisible();
  expect(await stored(page, 'locale')).toBe('en');
});
