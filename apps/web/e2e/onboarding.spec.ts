import { expect, type Page } from '@playwright/test';
import { magicLinkPath, pickBirthDate, requestCodeThroughForm, stored, typeCode } from './support/auth-ui';
import { test } from './support/fixtures';
import { mailCount, mailedCode, mailTexts, signInByCode, uniqueEmail, useSession } from './support/users';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function fillPersonal(page: Page, first: string, last: string, birthDate: 'pick' | 'type' = 'pick') {
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  if (birthDate === 'type') {
    // A date can be typed as well as picked; it is shown back the way the language writes dates.
    const field = page.getByRole('textbox', { name: 'Date of birth' });
    await field.fill('14.03.1991');
    await field.press('Tab');
    await expect(field).toHaveValue('March 14, 1991');
  } else await pickBirthDate(page, { year: 1991, month: 'March', day: 14 });
  await page.getByRole('radio', { name: 'Українська' }).check();
  await next(page).click();
}

test('a new patient signs in by code and finishes onboarding through the wizard', async ({ page }) => {
  const email = uniqueEmail('newpatient');
  await page.goto('/login');
  await typeCode(page, await requestCodeThroughForm(page, email));
  await expect(page).toHaveURL(/\/onboarding$/);

  // A real e-mail is on file already, so there is no e-mail step.
  await expect(page.getByRole('button', { name: /^Step \d: E-mail$/ })).toHaveCount(0);
  await expect(next(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await next(page).click();
  // Opening the empty birth-date picker shows the decade of a plausible adult's birth year, and closing it
  // without a choice marks nothing invalid.
  const birthDate = page.getByRole('textbox', { name: 'Date of birth' });
  await birthDate.click();
  const adultYear = String(new Date().getFullYear() - 30);
  await expect(page.getByRole('button', { name: adultYear, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('First name').click();
  await expect(page.getByRole('button', { name: adultYear, exact: true })).toHaveCount(0);
  await expect(page.getByText('Please choose your date of birth')).toHaveCount(0);
  await expect(birthDate).not.toHaveAttribute('aria-invalid', 'true');
  await fillPersonal(page, 'Iryna', 'Melnyk');

  // Long text fields show their limit and a live count; too much text names the limit.
  const aboutMe = page.getByLabel('About me');
  await expect(page.getByText('0 / 5000').first()).toBeVisible();
  await aboutMe.fill('x'.repeat(5001));
  await expect(page.getByText('5001 / 5000')).toBeVisible();
  await expect(page.getByText('Too long: at most 5000 characters')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  const text = 'I moved to a new city and feel lonely.';
  await aboutMe.fill(text);
  await expect(page.getByText(`${text.length} / 5000`)).toBeVisible();
  await expect(page.getByText('Too long: at most 5000 characters')).toHaveCount(0);
  await page.getByLabel('Therapy goals').fill('Sleep better and feel calmer.');
  await next(page).click();

  await expect(page.getByRole('heading', { name: 'Check and finish' })).toBeVisible();
  await expect(page.getByText('Iryna Melnyk')).toBeVisible();
  await expect(page.getByText('March 14, 1991')).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();

  await expect(page).toHaveURL(/\/patient\/profile$/);
  // Ukrainian was chosen as the profile's language: from here on the interface speaks it too.
  await expect(page.getByText('Профіль заповнено!')).toBeVisible();
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Знайти психолога' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Мої записи' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  expect(await stored(page, 'locale')).toBe('uk');
  expect(await stored(page, 'role')).toBe('ROLE_PATIENT');
  expect(await stored(page, 'profileCompleted')).toBe('true');
});

test('a psychologist gives experience and therapy types and lands on the doctor profile', async ({ page, request }) => {
  await useSession(page, await signInByCode(request));
  await page.goto('/onboarding');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'How will you use Rozmova?' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('radio', { name: 'I am a psychologist' }).check();
  await next(page).click();
  await fillPersonal(page, 'Taras', 'Bondar', 'type');

  await expect(next(page)).toBeDisabled();
  const experience = page.getByLabel('Years of experience');
  // Too many years stay as typed, with the rule shown, rather than the field emptying itself.
  await experience.fill('80');
  await experience.blur();
  await expect(experience).toHaveValue('80');
  await expect(page.getByText('Enter your years of experience, a whole number from 0 to 70')).toBeVisible();
  await expect(page.getByText('Complete or correct the marked fields to continue')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await experience.fill('9');
  await page.getByLabel('Short bio').fill('I work with anxiety and burnout in adults.');
  await page.getByLabel('Specialties').fill('anxiety, burnout');
  await page.getByRole('combobox', { name: 'Therapy types' }).click();
  await page.getByRole('option', { name: 'Gestalt therapy' }).click();
  await page.getByRole('option', { name: 'Trauma therapy' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Education').fill('Kyiv University, clinical psychology');
  await next(page).click();

  await expect(page.getByText('Gestalt therapy, Trauma therapy')).toBeVisible();
  await expect(page.getByText(/Next, send your diploma and licence to be checked/)).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/doctor\/profile$/);
  // Straight on, they are asked for their documents (in the profile's language), with a place to send them.
  await expect(page.getByText('Надішліть документи на перевірку')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Документи для перевірки' })).toBeVisible();
  const nav = page.getByRole('banner');
  // Ukrainian was chosen as the profile's language, so the interface now speaks it.
  for (const item of ['Записи', 'Нотатки', 'Розклад']) await expect(nav.getByRole('link', { name: item })).toBeVisible();
  expect(await stored(page, 'role')).toBe('ROLE_PSYCHOLOGIST');
});

test('the personal step marks invalid fields and refuses anyone younger than 5', async ({ page, request }) => {
  // The age rule reads the browser's clock: fix "today" so the bound does not move with the day the test runs.
  await page.clock.setFixedTime(new Date('2026-06-15T12:00:00Z'));
  await useSession(page, await signInByCode(request));
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await next(page).click();

  // Nothing typed yet: no call to correct anything.
  const hint = page.getByText('Complete or correct the marked fields to continue');
  await expect(next(page)).toBeDisabled();
  await expect(hint).toHaveCount(0);
  const firstName = page.getByLabel('First name');
  await firstName.fill('A');
  await firstName.fill(' ');
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(hint).toBeVisible();
  await firstName.fill('Olha');
  await page.getByLabel('Last name').fill('Shevchenko');
  await pickBirthDate(page, { year: 2024, month: 'January', day: 1 });
  await expect(page.getByText('Sorry, we cannot serve users younger than 5')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  // One day over five years old is old enough.
  await pickBirthDate(page, { year: 2021, month: 'June', day: 14 });
  await expect(page.getByText('Sorry, we cannot serve users younger than 5')).toHaveCount(0);

  await pickBirthDate(page, { year: 1988, month: 'July', day: 2 });
  await expect(page.getByText('Sorry, we cannot serve users younger than 5')).toHaveCount(0);
  await expect(next(page)).toBeEnabled();
  // A typed future date is kept and told why it cannot be, not dropped without a word.
  const birthDate = page.getByRole('textbox', { name: 'Date of birth' });
  await birthDate.fill('14.03.2030');
  await expect(page.getByText('The date of birth cannot be in the future')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await birthDate.fill('02.07.1988');
  await expect(page.getByText('The date of birth cannot be in the future')).toHaveCount(0);
  await expect(next(page)).toBeEnabled();
  // Typing leaves the calendar open over the step's buttons: close it as a person would.
  await birthDate.press('Escape');
  await expect(page.getByRole('button', { name: 'Previous decade' })).toHaveCount(0);
  // Back keeps what was entered.
  await page.getByRole('button', { name: 'Back' }).click();
  await next(page).click();
  await expect(page.getByLabel('First name')).toHaveValue('Olha');
});

test('a failed save shows the error, keeps every entry, and finishing again succeeds', async ({ page, request }) => {
  await useSession(page, await signInByCode(request));
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await next(page).click();
  await fillPersonal(page, 'Marta', 'Koval');
  await next(page).click();

  await page.route('**/api/onboarding', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"code":"INTERNAL","message":"x"}' }),
  );
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText('Something went wrong. Try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Marta Koval')).toBeVisible();
  expect(await stored(page, 'profileCompleted')).toBe('false');

  await page.unroute('**/api/onboarding');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/patient\/profile$/);
});

test('a messaging user confirms an e-mail during onboarding', async ({ patient: taken, page, request }) => {
  await page.goto(await magicLinkPath(request));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  await page.goto('/onboarding');
  await page.getByRole('radio', { name: 'I am looking for support' }).check();
  await next(page).click();

  await expect(page.getByRole('button', { name: 'Step 2: E-mail' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add your e-mail' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter your e-mail')).toBeVisible();

  // A registered address is answered like any other; its owner is told by mail, with no code.
  await page.getByRole('textbox', { name: 'E-mail' }).fill(taken.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/No code in the mail\?/)).toBeVisible();
  await expect.poll(async () => (await mailTexts(taken.email)).at(-1)).toContain('already belongs to an account');
  expect((await mailTexts(taken.email)).at(-1)).not.toMatch(/\b\d{6}\b/);
  await page.getByRole('button', { name: 'Change e-mail' }).click();

  const email = uniqueEmail('confirmed');
  const before = await mailCount(email);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/You can request a new code in [23]:\d\d/)).toBeVisible();
  const resendAt = await stored(page, `onboardingResendAt:${email}`);
  expect(Number(resendAt)).toBeGreaterThan(Date.now());
  await typeCode(page, await mailedCode(email, before));
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();

  await expect(page.getByText('E-mail confirmed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await stored(page, 'email')).toBe(email);
  await fillPersonal(page, 'Bohdan', 'Lysenko');
  await next(page).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/patient\/profile$/);
  expect(await stored(page, 'email')).toBe(email);
});
