import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { type AuthResponse, DAYS_OF_WEEK, type OnboardingBody, SEARCH_NEAREST_SLOTS, SEARCH_PAGE_SIZE } from '@rozmova/contract';
import { test } from './support/fixtures';
import { E2E_MAGIC_SECRET } from './support/global-setup';
import { setVerified, useSession } from './support/users';

const DOCTORS = SEARCH_PAGE_SIZE + 3;
const HOURS = ['08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22'];

/**
 * A verified symboldrama psychologist with hourly slots every day, made through the API. The account comes from a
 * magic link (as the messaging bot makes them), so two dozen of them do not run into the per-client code-mail limit.
 */
async function symboldramatist(request: APIRequestContext, firstName: string, lastName: string) {
  const link = await request.post('/api/integrations/messaging/magic-link', {
    data: { externalId: `tg-${randomUUID().slice(0, 12)}` },
    headers: { 'x-magic-link-secret': E2E_MAGIC_SECRET },
  });
  expect(link.ok(), await link.text()).toBe(true);
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get('token') ?? '';
  const signedIn = await request.get(`/api/magic-login?token=${encodeURIComponent(token)}`);
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const auth = (await signedIn.json()) as AuthResponse;
  const headers = { authorization: `Bearer ${auth.token}` };
  const body: OnboardingBody = {
    role: 'PSYCHOLOGIST',
    firstName,
    lastName,
    birthDate: '1985-02-11',
    language: 'en',
    aboutMe: '',
    therapyGoals: '',
    experience: 9,
    description: 'Symboldrama for adults and teenagers.',
    specialties: '',
    education: '',
    certificates: '',
    therapyTypes: ['SYMBOLDRAMA'],
  };
  const onboarded = await request.put('/api/onboarding', { data: body, headers });
  expect(onboarded.ok(), await onboarded.text()).toBe(true);
  const { id } = (await (await request.get('/api/user/me', { headers })).json()) as { id: number };
  await setVerified(request, id);
  const timeSlots = HOURS.map((h) => ({ startTime: `${h}:00`, endTime: `${h}:30` }));
  const saved = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots })),
    headers,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return `${firstName} ${lastName}`;
}

test('the doctor search pages the doctors with "show more", shows the nearest slots and loads all when opened', async ({
  patient,
  page,
  request,
}) => {
  // Slow: it makes more psychologists than a page holds (each signed in, onboarded and verified through the API).
  test.setTimeout(120_000);
  const family = `Paging${randomUUID().slice(0, 6)}`;
  const names: string[] = [];
  for (let i = 0; i < DOCTORS; i++) names.push(await symboldramatist(request, `Sym${String(i).padStart(2, '0')}`, family));

  await useSession(page, patient);
  await page.goto('/patient/doctors');
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Symboldrama$/ })
    .click();
  await page.getByRole('button', { name: 'Search' }).click();

  // One page of doctors, then the rest on demand.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  await expect(page.getByText(`Psychologists with free slots shown: ${SEARCH_PAGE_SIZE}`)).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more psychologists' });
  await expect(more).toBeVisible();
  while (await more.isVisible()) {
    const before = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
  for (const name of names) await expect(page.getByRole('article', { name })).toHaveCount(1);
  await expect(page.getByText(/^Psychologists with free slots: \d+$/)).toBeVisible();

  // A doctor shows only the nearest free slots, by day, and all of them once opened.
  const card = page.getByRole('article', { name: names[0] });
  const bookButtons = card.getByRole('button', { name: /^Book / });
  await expect(bookButtons).toHaveCount(SEARCH_NEAREST_SLOTS);
  const badge = await card.getByText(/^Free slots: \d+$/).textContent();
  const total = Number(badge?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(SEARCH_NEAREST_SLOTS);
  await expect(card.getByRole('heading', { level: 4 }).first()).toBeVisible();
  const open = card.getByRole('button', { name: `Show all free slots (${total})` });
  await open.click();
  await expect(bookButtons).toHaveCount(total);
  await expect(card.getByRole('button', { name: 'Show fewer slots' })).toHaveAttribute('aria-expanded', 'true');
  await card
    .getByRole('button', { name: /^Book / })
    .last()
    .scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Show fewer slots' }).click();
  await expect(bookButtons).toHaveCount(SEARCH_NEAREST_SLOTS);

  // The same in Ukrainian.
  await page.getByText('UK', { exact: true }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Зняти всі' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Символдрама$/ })
    .click();
  await page.getByRole('button', { name: 'Шукати' }).click();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  await expect(page.getByRole('button', { name: 'Показати більше психологів' })).toBeVisible();
  const ukCard = page.getByRole('article', { name: names[0] });
  await expect(ukCard.getByText(`Вільних слотів: ${total}`)).toBeVisible();
  await ukCard.getByRole('button', { name: `Показати весь вільний час (${total})` }).click();
  await expect(ukCard.getByRole('button', { name: /^Записатися на / })).toHaveCount(total);
});
