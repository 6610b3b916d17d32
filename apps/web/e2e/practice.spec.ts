import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { writeTestPng } from './support/png';
import { createOnboardedUser, useSession } from './support/users';

const slot = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true });
/** Chips hide their checkbox behind the label, which is what a person clicks. */
const toggleSlot = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

async function userId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).id;
}

test('a psychologist edits the profile and uploads a photo', async ({ page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  await useSession(page, doc);
  await page.goto('/doctor/profile');

  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Doc');
  const experience = page.getByLabel('Years of experience');
  await expect(experience).toHaveValue('7');

  await firstName.fill(' ');
  await experience.fill('71');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByText('Enter a whole number from 0 to 70')).toBeVisible();

  await firstName.fill('Olena');
  await page.getByLabel('Last name').fill('Kovalenko');
  await experience.fill('12');
  await page.getByRole('combobox', { name: 'Therapy approaches' }).click();
  await page.getByRole('option', { name: 'Art therapy' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Education').fill('Kyiv-Mohyla Academy, MA in Clinical Psychology');
  await page.getByLabel('About me').fill('I work with anxiety and burnout.\nSessions in Ukrainian and English.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  await page.reload();
  await expect(firstName).toHaveValue('Olena');
  await expect(experience).toHaveValue('12');
  await expect(page.getByLabel('Education')).toHaveValue('Kyiv-Mohyla Academy, MA in Clinical Psychology');
  for (const label of ['Cognitive behavioural therapy (CBT)', 'Gestalt therapy', 'Art therapy']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }

  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  // The photo's picker (the documents card has a file input of its own).
  await page.locator('input[type=file][accept="image/*"]').setInputFiles(writeTestPng());
  await expect(page.getByText('Your photo has been updated')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Olena Kovalenko' });
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();

  const avatar = await page.request.get('/api/images/avatar', { headers: { authorization: `Bearer ${doc.token}` } });
  expect(avatar.headers()['content-type']).toContain('image/jpeg');

  await page.getByText('UK', { exact: true }).click();
  await expect(page.getByLabel("Ім'я")).toHaveValue('Olena');
  await expect(page.getByText('Арт-терапія', { exact: true })).toBeVisible();
});

test('a psychologist builds a week with two slot lengths, saves it and finds it after a reload', async ({ page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  await useSession(page, doc);
  await page.goto('/doctor/schedule');

  await expect(page.getByRole('tab', { name: /Monday/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: '60 min' })).toBeChecked();
  await toggleSlot(page, '09:00–10:00');
  await toggleSlot(page, '10:00–11:00');
  await expect(slot(page, '09:00–10:00')).toBeChecked();
  await expect(page.getByRole('tab', { name: 'Mon (Monday) 2 selected' })).toBeVisible();

  await page.getByRole('tab', { name: /Wednesday/ }).click();
  await page.getByText('30 min', { exact: true }).click();
  await toggleSlot(page, '14:00–14:30');
  await toggleSlot(page, '14:30–15:00');
  await toggleSlot(page, '23:30–24:00');

  await page.getByRole('tab', { name: /Friday/ }).click();
  await page.getByRole('button', { name: 'Fill working hours' }).click();
  await expect(page.getByRole('tab', { name: 'Fri (Friday) 10 selected' })).toBeVisible();
  await page.getByText('120 min', { exact: true }).click();
  await expect(page.getByText('did not fit the new slot length')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fri (Friday) 5 selected' })).toBeVisible();
  await expect(slot(page, '16:00–18:00')).toBeChecked();

  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Mon (Monday) 2 selected' })).toBeVisible();
  await expect(slot(page, '09:00–10:00')).toBeChecked();
  await expect(slot(page, '11:00–12:00')).not.toBeChecked();
  await page.getByRole('tab', { name: /Wednesday/ }).click();
  await expect(page.getByRole('radio', { name: '30 min' })).toBeChecked();
  await expect(slot(page, '23:30–24:00')).toBeChecked();
  await page.getByRole('tab', { name: /Friday/ }).click();
  await expect(page.getByRole('radio', { name: '120 min' })).toBeChecked();

  const saved = await page.request.get('/api/psychologist/schedule', { headers: { authorization: `Bearer ${doc.token}` } });
  const week = (await saved.json()) as { dayOfWeek: string; timeSlots: { startTime: string; endTime: string }[] }[];
  const day = (name: string) => week.find((d) => d.dayOfWeek === name)?.timeSlots.map((s) => `${s.startTime}-${s.endTime}`);
  expect(day('MONDAY')).toEqual(['09:00-10:00', '10:00-11:00']);
  expect(day('WEDNESDAY')).toEqual(['14:00-14:30', '14:30-15:00', '23:30-24:00']);
  expect(day('FRIDAY')).toEqual(['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00', '16:00-18:00']);

  await page.getByRole('tab', { name: /Monday/ }).click();
  await page.getByText('UK', { exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Пн (Понеділок) 2 вибрано' })).toBeVisible();
});

test('leaving with unsaved changes asks first: stay keeps the edits, leave goes', async ({ psychologist: doc, page }) => {
  await useSession(page, doc);
  await page.goto('/doctor/schedule');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/doctor\/profile$/);

  const lastName = page.getByLabel('Last name');
  await lastName.fill('Changed');
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });

  await page.getByRole('link', { name: 'Schedule' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/doctor\/profile$/);
  await expect(lastName).toHaveValue('Changed');

  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/doctor\/profile$/);
  await expect(lastName).toHaveValue('Changed');

  // The brand link asks once, about the unsaved edits.
  await page.getByRole('link', { name: 'Rozmova — home page' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/doctor/schedule');
  await toggleSlot(page, '12:00–13:00');
  await page.getByRole('link', { name: 'Appointments' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/doctor\/appointments$/);

  // Closing the tab with edits gets the browser's own prompt.
  await page.goto('/doctor/schedule');
  await toggleSlot(page, '13:00–14:00');
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const shown = await prompt;
  expect(shown.type()).toBe('beforeunload');
  await shown.accept();
});

test('another signed-in user opens a psychologist’s public profile', async ({ patient, page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', {
    education: 'Lviv University, psychology',
    specialties: 'Burnout, grief',
    certificates: 'EMDR, level 1',
  });
  const id = await userId(page, doc.token);

  await useSession(page, patient);
  await page.goto(`/doctor/profile/${id}`);
  await expect(page.getByRole('heading', { name: `Doc ${doc.lastName}` })).toBeVisible();
  await expect(page.getByText('Cognitive behavioural therapy (CBT)')).toBeVisible();
  await expect(page.getByText('Gestalt therapy')).toBeVisible();
  await expect(page.getByText('Lviv University, psychology')).toBeVisible();
  await expect(page.getByText('I help adults with anxiety.')).toBeVisible();
  // Every public field the psychologist filled in.
  await expect(page.getByRole('heading', { name: 'Specialties' })).toBeVisible();
  await expect(page.getByText('Burnout, grief')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Certificates' })).toBeVisible();
  await expect(page.getByText('EMDR, level 1')).toBeVisible();

  await page.getByText('UK', { exact: true }).click();
  await expect(page.getByText('Когнітивно-поведінкова терапія (КПТ)')).toBeVisible();

  await page.goto('/doctor/profile/2147483000');
  await expect(page.getByRole('heading', { name: 'Психолога не знайдено' })).toBeVisible();
});
