import { expect } from '@playwright/test';
import { test } from './support/fixtures';

test('the server answers health and serves the app', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Rozmova/ })).toBeVisible();
});

test('an anonymous visitor on a protected route goes to /login', async ({ page }) => {
  await page.goto('/doctor/schedule');
  await expect(page).toHaveURL(/\/login$/);
});

test('the app runs under its Content-Security-Policy: no violation on the landing page, sign-in and a guarded route', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('link', { name: /Rozmova/ })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.goto('/doctor/schedule');
  await expect(page).toHaveURL(/\/login$/);
  expect(violations).toEqual([]);
});
