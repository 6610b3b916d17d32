import { test as base, type Page } from '@playwright/test';
import { createOnboardedUser } from './users';

type Onboarded = Awaited<ReturnType<typeof createOnboardedUser>>;

/** What a screen shows while its code or its data loads. */
const LOADING = '.mantine-Loader-root, [aria-busy=true]';

/**
 * Waits until the screen shows no loader. It has no limit of its own (the test's bounds it): a busy machine makes a
 * screen slow to load, not wrong, and the expectations that follow then get their 5 s for what they check.
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction((selector) => !document.querySelector(selector), LOADING, { timeout: 0 });
}

/**
 * The suite's `test`: `page.goto` returns once the screen has loaded, and signed-in users are fixtures, each a fresh,
 * fully onboarded account made through the real API when a test first names it (a psychologist is verified by the
 * admin, so patients can find them).
 */
export const test = base.extend<{ patient: Onboarded; psychologist: Onboarded }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript nothing loads after the HTML: the page is what it is.
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that asks for the page at its first byte (to act before the app is live) gets it then.
      if (options?.waitUntil !== 'commit') await loaded(page);
      return response;
    };
    await use(page);
  },
  patient: async ({ request }, use) => use(await createOnboardedUser(request, 'PATIENT')),
  psychologist: async ({ request }, use) => use(await createOnboardedUser(request, 'PSYCHOLOGIST')),
});

export { expect } from '@playwright/test';
