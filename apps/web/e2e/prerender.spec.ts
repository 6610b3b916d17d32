import { expect, type Page, test } from '@playwright/test';
import { waitForLive } from './support/auth-ui';

/** Console messages React prints when the HTML it hydrates differs from what it renders. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (
      ['error', 'warning'].includes(msg.type()) &&
      /hydrat|did not match|server rendered|Minified React error #4(18|19|2[0-5])\b/i.test(msg.text())
    ) {
      problems.push(msg.text());
    }
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and login pages arrive pre-rendered, in the language of the locale cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Talk to a licensed therapist');
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Rozmova' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Rozmova');

    await context.addCookies([{ name: 'locale', value: 'uk', url: page.url() }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

for (const lng of ['en', 'uk'] as const) {
  test(`the pre-rendered pages hydrate without a mismatch (${lng})`, async ({ page, context }) => {
    const problems = hydrationProblems(page);
    await page.goto('/');
    // Once live, the app has written its own locale cookie; ours must come after it.
    await waitForLive(page);
    await page.evaluate((l) => localStorage.setItem('locale', l), lng);
    await context.addCookies([{ name: 'locale', value: lng, url: page.url() }]);
    for (const path of ['/', '/login']) {
      await page.goto(path);
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe(`${path}|${lng}`);
      await waitForLive(page);
      // Hydrated: the language switch answers clicks, which only React can do.
      const other = lng === 'en' ? 'UK' : 'EN';
      await page.getByRole('banner').getByText(other, { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other.toLowerCase());
      await page.getByRole('banner').getByText(lng.toUpperCase(), { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
    }
    expect(problems).toEqual([]);
  });
}

test('a visitor whose language has no cookie yet gets it set, and the page still renders in that language', async ({ page }) => {
  await page.goto('/');
  await waitForLive(page);
  await page.evaluate(() => localStorage.setItem('locale', 'uk'));
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('uk');
});
