import { expect } from '@playwright/test';
import { requestCodeThroughForm, typeCode } from './support/auth-ui';
import { test } from './support/fixtures';
import { setSchedule } from './support/sessions';
import { createOnboardedUser } from './support/users';

// Names that sort first in the list, so each run finds its psychologist on the first page.
const CASES = [
  {
    locale: 'en' as const,
    lastName: 'Aabrams',
    t: {
      find: 'Find a psychologist',
      view: (name: string) => `View profile of ${name}`,
      book: 'Book a session',
      notFound: 'Psychologist not found',
      all: 'All psychologists',
    },
  },
  {
    locale: 'uk' as const,
    lastName: 'Aabramenko',
    t: {
      find: 'Знайти психолога',
      view: (name: string) => `Переглянути профіль: ${name}`,
      book: 'Записатися на сесію',
      notFound: 'Психолога не знайдено',
      all: 'Усі психологи',
    },
  },
];

for (const { locale, lastName, t } of CASES) {
  test(`a visitor browses the verified psychologists from the landing page, and booking asks for a sign-in (${locale})`, async ({
    page,
    request,
  }) => {
    const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Ivanna', lastName });
    const unchecked = await createOnboardedUser(request, 'PSYCHOLOGIST', { lastName: 'Aabbott' }, { verified: false });
    const name = `Ivanna ${lastName}`;
    // The language a visitor picked before: the static landing page is served in it.
    await page.context().addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);

    await page.getByRole('link', { name: t.find }).first().click();
    await expect(page).toHaveURL(/\/psychologists$/);
    await expect(page.getByRole('heading', { level: 1, name: t.find })).toBeVisible();
    const card = page.getByRole('listitem', { name });
    await expect(card).toBeVisible();
    // Only verified psychologists are listed, and nothing that reaches them.
    await expect(page.getByRole('listitem', { name: `${unchecked.firstName} Aabbott` })).toHaveCount(0);
    await expect(page.getByText('@')).toHaveCount(0);

    await card.getByRole('link', { name: t.view(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/doctor/profile/${doc.id}$`));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('link', { name: t.book }).click();
    await expect(page).toHaveURL(/\/login$/);

    // An unverified psychologist's profile is not there for visitors.
    await page.goto(`/doctor/profile/${unchecked.id}`);
    await expect(page.getByRole('heading', { name: t.notFound })).toBeVisible();
    await page.getByRole('link', { name: t.all }).click();
    await expect(page).toHaveURL(/\/psychologists$/);
  });
}

test('after signing in from "Book", the patient is back on the profile and books there', async ({ page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Oleh', lastName: 'Aabramov' });
  await setSchedule(request, doc);
  const patient = await createOnboardedUser(request, 'PATIENT');
  await page.goto('/psychologists');
  await page.getByRole('link', { name: 'View profile of Oleh Aabramov' }).click();
  await page.getByRole('link', { name: 'Book a session' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await typeCode(page, await requestCodeThroughForm(page, patient.email));
  await expect(page).toHaveURL(new RegExp(`/doctor/profile/${doc.id}$`));
  await page.getByRole('button', { name: 'Book a session' }).click();
  await expect(page.getByRole('region', { name: /^Free times in the next \d+ days$/ })).toBeVisible();
});
