import { expect, test } from '@playwright/test';

test('the server answers health and serves the app', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Rozmova/ })).toBeVisible();
});

test('an anonymous visitor on a protected route goes to /login', async ({ page }) => {
  await page.goto('/doctor/schedule');
  await expect(page).toHaveURL(/\/login$/);
});
