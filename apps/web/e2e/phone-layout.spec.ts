import { type Browser, expect, type Page } from '@playwright/test';
import { loaded, loaders, test } from './support/fixtures';
import { axeProblems, layoutProblems, underFloatingButton } from './support/layout-checks';
import { heading, type Lang, roleScreens, type Screen, text } from './support/screens';
import { signInAsAdmin } from './support/users';

// Every screen, as a phone shows it, in both languages: nothing sideways, nothing cut or covered, nothing axe calls
// serious or critical. One signed-in page per role and language walks its screens in turn.
test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 5000 });

const PHONE = { width: 390, height: 844 };
const LANGS: Lang[] = ['en', 'uk'];
/** PHONE_SHOTS=1 keeps a full-page screenshot of every screen in test-results/phone, to look at. */
const SHOTS = process.env.PHONE_SHOTS === '1';

async function openPage(browser: Browser, storage: Record<string, string>, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((items) => {
    // Only on the first load of the tab: screens may change storage later, and that must survive.
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  return context.newPage();
}

/**
 * Goes to a screen inside the running app, as a link would; screens that set storage or need a fresh start load anew,
 * as does every screen after the landing page, which runs no app (its <html> lacks the early-input mark).
 */
async function arrive(page: Page, path: string, screen: Screen) {
  const inApp = await page.evaluate(() => 'keepingInput' in document.documentElement.dataset);
  if (screen.session || screen.fresh || !inApp) {
    if (page.url() === 'about:blank') await page.goto('/');
    await page.evaluate((items) => {
      for (const [k, v] of Object.entries(items ?? {})) {
        if (v) sessionStorage.setItem(k, v);
        else sessionStorage.removeItem(k);
      }
    }, screen.session);
    await page.goto(path);
    return;
  }
  // Mark the screen being left, so that nothing on it is taken for the next one.
  const samePage = await page.evaluate((to) => {
    const same = new URL(to, location.href).pathname === location.pathname;
    if (!same) document.querySelector('main h1')?.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return same;
  }, path);
  if (!samePage) await expect(page.locator('main h1[data-left]')).toHaveCount(0);
}

/**
 * Lets transitions (a toast sliding in, a dialog opening) finish before anything is measured; a toast's progress bar
 * and a live meter (the microphone level, which moves all the time) may run.
 */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            Number(a.effect?.getTiming().duration) > 1000 ||
            !!(a.effect as KeyframeEffect | null)?.target?.closest('[role=progressbar]'),
        ),
    null,
    { timeout: 5000 },
  );

test('the checks see what they look for', async ({ browser }) => {
  const page = await openPage(browser, {});
  await page.setContent(`<html lang="en"><body style="margin:0;background:#242424;color:#ddd;font:16px sans-serif">
    <main><h1>Checks</h1>
      <div style="width:600px">too wide</div>
      <button style="width:60px;overflow:hidden;white-space:nowrap">A long label cut off</button>
      <p style="color:#828282">dimmed grey on the page</p>
      <div style="position:relative;height:40px"><button style="position:absolute;left:0">First</button><span style="position:absolute;left:10px">covered</span></div>
      <input placeholder="a placeholder far too long for so narrow an input" style="width:80px" aria-label="x">
    </main></body></html>`);
  const layout = (await layoutProblems(page)).join('\n');
  expect(layout).toMatch(/the page scrolls sideways/);
  expect(layout).toMatch(/"too wide" sticks out of the screen/);
  expect(layout).toMatch(/"A long label cut off" is cut off/);
  expect(layout).toMatch(/"First" and <span> "covered" overlap/);
  expect(layout).toMatch(/the placeholder is cut off/);
  expect((await axeProblems(page)).join('\n')).toMatch(/axe serious color-contrast/);
  await page.context().close();
});

/** Screens one test walks: a role's screens in parts of this many, each part a test of its own. */
const PART = 10;

for (const { role, setup, screens: all } of roleScreens) {
  const parts = Math.ceil(all.length / PART);
  for (let part = 0; part < parts; part++) {
    const screens = all.slice(part * PART, (part + 1) * PART);
    const of = parts > 1 ? ` (${part + 1} of ${parts})` : '';
    for (const lang of LANGS) {
      test(`${role} screens fit a phone in ${lang === 'en' ? 'English' : 'Ukrainian'}${of}`, async ({ browser, request }) => {
        // Slow: one test walks up to ten screens of a role, measuring each and running axe on it.
        test.setTimeout(120_000);
        const { auth, ids } = await setup(request);
        const storage: Record<string, string> = { locale: lang };
        if (auth) {
          Object.assign(storage, { token: auth.token, email: auth.email, profileCompleted: String(auth.profileCompleted) });
          if (auth.role) storage.role = auth.role;
        }
        const page = await openPage(browser, storage);
        const t = (key: string) => text(lang, key);
        for (const screen of screens) {
          const path = screen.path(ids);
          let problems: string[];
          try {
            await arrive(page, path, screen);
            await loaded(page);
            await expect(heading(page)).toBeVisible();
            await screen.act?.(page, t);
            await expect((screen.ready ?? heading)(page, t)).toBeVisible();
            await expect(loaders(page)).toHaveCount(0);
            await settled(page);
            problems = [...(await layoutProblems(page)), ...(await underFloatingButton(page)), ...(await axeProblems(page))];
          } catch (err) {
            problems = [`the screen did not open: ${String(err).split('\n').slice(0, 8).join(' | ')}`];
          }
          if (SHOTS)
            await page.screenshot({
              path: `test-results/phone/${role}-${lang}-${screen.name.replaceAll(' ', '-')}.png`,
              fullPage: true,
            });
          expect.soft(problems, `${role} · ${lang} · ${screen.name} (${path})`).toEqual([]);
          await page.keyboard.press('Escape');
        }
        await page.context().close();
      });
    }
  }
}

// Between a phone and a wide screen the page fills the width, so the floating button needs room beside it too.
test('on a narrow desktop the floating button covers no control of any psychologist screen', async ({ browser, request }) => {
  const psychologist = roleScreens.find((r) => r.role === 'psychologist');
  if (!psychologist) throw new Error('no psychologist screens');
  const { auth, ids } = await psychologist.setup(request);
  if (!auth) throw new Error('no psychologist');
  const page = await openPage(
    browser,
    { locale: 'en', token: auth.token, email: auth.email, role: auth.role ?? '', profileCompleted: 'true' },
    { width: 1024, height: 640 },
  );
  for (const screen of psychologist.screens) {
    // Each screen at rest: its steps and readiness marks are made for a phone.
    await arrive(page, screen.path(ids), screen);
    await expect(heading(page)).toBeVisible();
    await expect(loaders(page)).toHaveCount(0);
    expect.soft(await underFloatingButton(page), screen.name).toEqual([]);
  }
  await page.context().close();
});

// The magic-link error on a wide screen too: its card and buttons fit, nothing cut.
for (const lang of LANGS) {
  test(`the magic-login error fits a 1280 px screen in ${lang === 'en' ? 'English' : 'Ukrainian'}`, async ({ browser }) => {
    const page = await openPage(browser, { locale: lang }, { width: 1280, height: 800 });
    await page.goto('/magic-login?token=not-a-real-token');
    await expect(page.getByRole('alert')).toContainText(text(lang, 'magicLogin.errorTitle'));
    await expect(page.getByRole('button', { name: text(lang, 'common.retry') })).toBeVisible();
    await settled(page);
    if (SHOTS) await page.screenshot({ path: `test-results/phone/desktop-${lang}-magic-login-error.png`, fullPage: true });
    expect(await layoutProblems(page)).toEqual([]);
    await page.context().close();
  });
}

test("on a phone an admin table keeps a row's name and its buttons in view while it scrolls sideways", async ({
  browser,
  request,
}) => {
  const admin = await signInAsAdmin(request);
  const page = await openPage(browser, {
    locale: 'en',
    token: admin.token,
    email: admin.email,
    role: admin.role ?? '',
    profileCompleted: 'true',
  });
  for (const [path, name] of [
    ['/admin/users', 'manager@rozmova.demo'],
    ['/admin/managers', 'manager@rozmova.demo'],
  ] as const) {
    await page.goto(path);
    const row = page.getByRole('row', { name });
    await expect(row).toBeVisible();
    // Scrolled all the way to the end, as a finger would.
    await row.evaluate((tr) => {
      let scroller = tr.parentElement;
      const scrolls = (el: HTMLElement) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
      while (scroller && !(scrolls(scroller) && scroller.scrollWidth > scroller.clientWidth)) scroller = scroller.parentElement;
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    });
    const width = page.viewportSize()?.width ?? 0;
    for (const cell of [row.getByText(name, { exact: true }), row.getByRole('button').last()]) {
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${path}: ${await cell.textContent()}`).toBe(true);
    }
  }
  await page.context().close();
});
