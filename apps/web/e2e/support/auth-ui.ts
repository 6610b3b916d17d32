import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_MAGIC_SECRET } from './global-setup';
import { mailCount, mailedCode } from './users';

/** The six code boxes of a code step, in order. */
export const codeBoxes = (page: Page) => page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');

/** Types a code digit by digit, starting in the first box, as a person would. */
export async function typeCode(page: Page, code: string) {
  await codeBoxes(page).first().click();
  for (const digit of code) await page.keyboard.type(digit);
}

/** Pastes text into a code box through a real paste event carrying clipboard data. */
export async function pasteInto(page: Page, boxIndex: number, text: string) {
  await codeBoxes(page)
    .nth(boxIndex)
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

export async function expectCode(page: Page, code: string) {
  const boxes = codeBoxes(page);
  await expect(boxes).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(boxes.nth(i)).toHaveValue(code[i] ?? '');
}

/** Code sign-in step 1 on the current page; returns the code that was mailed. */
export async function requestCodeThroughForm(page: Page, email: string): Promise<string> {
  const before = await mailCount(email);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Verification code sent to ${email}`).last()).toBeVisible();
  return mailedCode(email, before);
}

/** A one-time magic-login URL (path and query) for a messaging account, as the bot would get it. */
export async function magicLinkPath(request: APIRequestContext, externalId = `tg-${randomUUID().slice(0, 8)}`) {
  const res = await request.post('/api/integrations/messaging/magic-link', {
    data: { externalId },
    headers: { 'x-magic-link-secret': E2E_MAGIC_SECRET },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { url } = (await res.json()) as { url: string };
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/**
 * Picks a date in a birth-date picker whatever level and decade it opens at: it climbs to the decade view through the
 * level controls it shows, steps decades towards the year by the years on screen, then picks year, month and day.
 */
export async function pickBirthDate(page: Page, date: { year: number; month: string; day: number }) {
  await page.getByRole('textbox', { name: 'Date of birth' }).click();
  const levelUp = page.getByRole('button', { name: /^Choose a (month|year)$/ });
  const previousDecade = page.getByRole('button', { name: 'Previous decade' });
  // Wait until the dropdown shows one of its levels, then climb from whichever it is.
  await expect(levelUp.or(previousDecade)).toBeVisible();
  while (await levelUp.isVisible()) {
    const label = await levelUp.getAttribute('aria-label');
    await levelUp.click();
    await expect(page.getByRole('button', { name: label ?? '', exact: true })).toHaveCount(0);
  }
  const target = page.getByRole('button', { name: String(date.year), exact: true });
  const firstYear = page.getByRole('button', { name: /^\d{4}$/ }).first();
  while (!(await target.isVisible())) {
    const shown = Number(await firstYear.textContent());
    await page.getByRole('button', { name: date.year < shown ? 'Previous decade' : 'Next decade' }).click();
    await expect(firstYear).not.toHaveText(String(shown));
  }
  await target.click();
  await page.getByRole('button', { name: date.month.slice(0, 3), exact: true }).click();
  await page.getByRole('button', { name: `${date.day} ${date.month} ${date.year}`, exact: true }).click();
}

/** Opens the pre-rendered sign-in page; what is clicked or typed there before the app is live is done once it is. */
export async function openLogin(page: Page) {
  await page.goto('/login');
}

/** Waits until React owns the page (it marks <html data-live>); pre-rendered controls do not answer before then. */
export async function waitForLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', '');
}
