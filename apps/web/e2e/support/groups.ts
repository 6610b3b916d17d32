import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import type { AuthResponse } from '@rozmova/contract';
import { newScreenPage } from './fixtures';
import { useSession } from './users';

/** Runs the clock server's clock (support/clock-server.mjs) from this instant on; null: the real time again. */
export async function setServerClock(request: APIRequestContext, at: Date | null) {
  const res = await request.put('/e2e/clock', { data: { at: at?.toISOString() ?? null } });
  expect(res.ok(), await res.text()).toBe(true);
}

const wall = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(new Date(at))
    .reduce<Record<string, string>>((parts, p) => Object.assign(parts, { [p.type]: p.value }), {});

/** The date (YYYY-MM-DD) and time (HH:mm) of an instant on a zone's clock. */
export function wallClock(at: number, timeZone: string) {
  const p = wall(at, timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** "18:00–19:30": a session's times on a zone's clock, as every screen writes them. */
export const wallRange = (startsAt: number, minutes: number, timeZone: string) =>
  `${wallClock(startsAt, timeZone).time}–${wallClock(startsAt + minutes * 60_000, timeZone).time}`;

/** A signed-in page of its own for one person, in a browser context of its own. */
export async function personPage(context: BrowserContext, user: AuthResponse, locale: 'en' | 'uk' = 'en'): Promise<Page> {
  const page = await newScreenPage(context);
  await useSession(page, user, locale);
  return page;
}

/** What the Groups tab is labelled in the patient's language. */
export type SearchTexts = { tab: string; therapyType: string; option: string; search: string };

/** The Groups tab of the search, narrowed to one therapy type, and the card of the group with this title. */
export async function findGroup(page: Page, title: string, texts: SearchTexts) {
  await page.goto('/patient/doctors');
  await page.getByRole('tab', { name: texts.tab }).click();
  await page.getByRole('combobox', { name: texts.therapyType }).click();
  await page.getByRole('option', { name: texts.option }).click();
  await page.getByRole('button', { name: texts.search }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}
