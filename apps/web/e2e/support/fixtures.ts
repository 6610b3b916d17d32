import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { createOnboardedUser } from './users';

type Onboarded = Awaited<ReturnType<typeof createOnboardedUser>>;

/** What a screen shows while its code or its data loads. */
const LOADING = '.mantine-Loader-root, [aria-busy=true]';

/** The loaders in view (a tab panel out of view is rendered hidden and loads nothing until shown). */
export const loaders = (page: Page) => page.locator(LOADING).filter({ visible: true });

/**
 * Waits until the app has mounted the screen (it marks <html data-live>) and shows no loader in view. It has no
 * limit of its own (the test's bounds it): a busy machine makes a screen slow to load, not wrong, and the
 * expectations that follow then get their 5 s for what they check.
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      document.documentElement.hasAttribute('data-live') &&
      ![...document.querySelectorAll(selector)].some((el) => el.checkVisibility()),
    LOADING,
    { timeout: 0 },
  );
}

/** Makes `page.goto` and `page.reload` return once the screen has loaded, unless asked for the page at its first byte. */
function gotoLoaded(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // A test that asks for the page at its first byte (to act before the app is live) gets it then.
  const settle = async <T>(response: T, options?: { waitUntil?: string }) => {
    if (options?.waitUntil !== 'commit') await loaded(page);
    return response;
  };
  page.goto = async (url, options) => settle(await goto(url, options), options);
  page.reload = async (options) => settle(await reload(options), options);
  return page;
}

/** A page in another browser context (a second person) whose `goto` and `reload` wait as the fixture's do. */
export async function newScreenPage(context: BrowserContext): Promise<Page> {
  return gotoLoaded(await context.newPage());
}

/**
 * The suite's `test`: `page.goto` and `page.reload` return once the screen has loaded, and signed-in users are
 * fixtures, each a fresh, fully onboarded account made through the real API when a test first names it (a
 * psychologist is verified by the admin, so patients can find them).
 */
export const test = base.extend<{ patient: Onboarded; psychologist: Onboarded; closeOwnContexts: undefined }>({
  // A context a test opens for a second person and leaves open would keep its pages running (polling, charts, video)
  // through the worker's next tests, on the same two cores.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript nothing loads after the HTML: the page is what it is.
    if (!javaScriptEnabled) return use(page);
    await use(gotoLoaded(page));
  },
  patient: async ({ request }, use) => use(await createOnboardedUser(request, 'PATIENT')),
  psychologist: async ({ request }, use) => use(await createOnboardedUser(request, 'PSYCHOLOGIST')),
});

export { expect } from '@playwright/test';
