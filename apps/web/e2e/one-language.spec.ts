import { type Browser, expect, type Page } from '@playwright/test';
import { openLogin, requestCodeThroughForm, stored, typeCode } from './support/auth-ui';
import { test } from './support/fixtures';
import { mailTexts } from './support/users';

async function signInByCodeOn(browser: Browser, email: string): Promise<{ page: Page; code: string }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await openLogin(page);
  const code = await requestCodeThroughForm(page, email);
  await typeCode(page, code);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, code };
}

const languageOf = async (page: Page) => {
  const res = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${await stored(page, 'token')}` } });
  return (await res.json()).language as string;
};

test("a person has one language: the switch sets the account's, another device signs in in it, and mail follows", async ({
  patient,
  browser,
}) => {
  // Two devices, each signing in through the mailed code.
  test.slow();
  const first = await signInByCodeOn(browser, patient.email);
  await first.page.getByRole('banner').getByText('UK', { exact: true }).click();
  await expect(first.page.getByRole('banner').getByRole('button', { name: 'Вийти' })).toBeVisible();
  await expect.poll(() => languageOf(first.page)).toBe('uk');
  await first.page.context().close();

  // Another device whose browser speaks English: the code comes in the account's language, and so does the screen.
  const second = await signInByCodeOn(browser, patient.email);
  const mails = await mailTexts(patient.email);
  expect(mails.at(-1)).toContain(`Ваш код для входу в Rozmova: ${second.code}`);
  await expect(second.page.getByRole('banner').getByRole('button', { name: 'Вийти' })).toBeVisible();
  expect(await stored(second.page, 'locale')).toBe('uk');
  await second.page.context().close();
});

test.describe('before sign-up', () => {
  test.use({ locale: 'uk-UA' });

  test("the browser's language picks the language of the landing and sign-in pages", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  });
});
