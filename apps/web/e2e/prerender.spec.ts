import { type Browser, expect, type Page } from '@playwright/test';
import { waitForLive } from './support/auth-ui';
import { test } from './support/fixtures';

/** Console messages React prints when the HTML it hydrates differs from what it renders (src/sign-in.tsx reports them). */
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

const LANGUAGES = ['en', 'uk'] as const;
type Lng = (typeof LANGUAGES)[number];

/** The pages the app takes over, and the primary button each shows first, by language. */
const HYDRATED = [
  { path: '/login', from: '/login', button: { en: 'Send code', uk: 'Надіслати код' }, role: 'button' },
  { path: '/auth-email', from: '/auth-email', button: { en: 'Send code', uk: 'Надіслати код' }, role: 'button' },
  // Pre-rendered from a link with a token: the page shows "checking" until the server answers.
  {
    path: '/magic-login?token=not-a-real-token',
    from: '/magic-login?token=link',
    button: { en: 'Log in', uk: 'Увійти' },
    role: 'link',
  },
] as const;
const LANDING = { path: '/', button: { en: 'Log in', uk: 'Увійти' }, role: 'link' } as const;

/** A fresh visitor whose chosen language is `lng`, as the app stores it (localStorage and the server's cookie). */
async function visitor(browser: Browser, lng: Lng, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([{ name: 'locale', value: lng, url: test.info().project.use.baseURL as string }]);
  await context.addInitScript((l) => localStorage.setItem('locale', l), lng);
  return context;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first pages arrive pre-rendered, in the language of the locale cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Talk to a licensed therapist');
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Rozmova' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Rozmova');
    await page.goto('/auth-email');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await page.goto('/magic-login?token=abc');
    await expect(page.getByRole('status')).toContainText('Checking your sign-in link');

    await context.addCookies([{ name: 'locale', value: 'uk', url: page.url() }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

for (const lng of LANGUAGES) {
  test(`the pre-rendered pages hydrate without a mismatch (${lng})`, async ({ browser }) => {
    const context = await visitor(browser, lng);
    const page = await context.newPage();
    const problems = hydrationProblems(page);
    for (const { path, from } of HYDRATED) {
      await page.goto(path);
      await waitForLive(page);
      // Read once the app is live: a page that fell back to a fresh render (which reports no mismatch) drops the mark.
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe(`${from}|${lng}`);
      // Hydrated: the language switch answers clicks, which only React can do here.
      const other = lng === 'en' ? 'uk' : 'en';
      await page.getByRole('banner').getByText(other.toUpperCase(), { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await page.getByRole('banner').getByText(lng.toUpperCase(), { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`no control is unstyled before the app takes a page over, or after (${lng})`, async ({ browser }) => {
    // With JavaScript off the page shows exactly what the browser paints first; with it on, what the app leaves.
    const background = async (javaScriptEnabled: boolean, { path, button, role }: (typeof HYDRATED)[number] | typeof LANDING) => {
      const context = await visitor(browser, lng, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(path);
      if (javaScriptEnabled) await waitForLive(page);
      const control = page.getByRole(role, { name: button[lng], exact: true }).first();
      await expect(control).toBeVisible();
      const value = await control.evaluate((el) => getComputedStyle(el).backgroundColor);
      await context.close();
      return value;
    };
    for (const target of [LANDING, ...HYDRATED]) {
      const first = await background(false, target);
      // Filled (an opaque colour), not transparent as an unstyled button is.
      expect(first, target.path).toMatch(/^rgb\(/);
      expect(await background(true, target), target.path).toBe(first);
    }
  });
}

test('the landing page runs no app code, and its language switch reloads it in the other language', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');
  await waitForLive(page);
  await page.getByRole('banner').getByText('UK', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('uk');
  expect(scripts).toEqual([]);

  // The choice holds across pages: the sign-in page comes in Ukrainian too.
  await page.getByRole('link', { name: 'Увійти' }).first().click();
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
});

test('a visitor whose language has no cookie yet gets it set, and the page still renders in that language', async ({ page }) => {
  await page.goto('/');
  await waitForLive(page);
  await page.evaluate(() => localStorage.setItem('locale', 'uk'));
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('uk');
  // The landing page, which runs no app code, finds the stored language the same way.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Поговоріть із ліцензованим терапевтом');
});
