import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { createOnboardedUser, signInAsAdmin, useSession } from './support/users';

/** Downloads the archive from /privacy and answers the names of the files in it (a ZIP lists them in plain text). */
async function downloadArchive(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rozmova-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  return bytes.toString('latin1');
}

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).status();

test('a patient finds their data from the profile, downloads it, and deletes the account', async ({ page, request }) => {
  const patient = await createOnboardedUser(request, 'PATIENT');
  await useSession(page, patient);
  await page.goto('/patient/profile');
  await page.getByRole('link', { name: 'Your data' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Your data and privacy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For how long' })).toBeVisible();

  const archive = await downloadArchive(page, 'Download my data');
  for (const name of ['account.json', 'sessions.json', 'measures.json', 'notes.json', 'summary.pdf'])
    expect(archive).toContain(name);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await confirm.click();
  await expect(page).toHaveURL(/\/privacy-notice\?deleted=1$/);
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  expect([401, 403]).toContain(await meStatus(request, patient.token));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a psychologist in Ukrainian downloads their data and deletes the account', async ({ page, request }) => {
  const psychologist = await createOnboardedUser(request, 'PSYCHOLOGIST');
  await useSession(page, psychologist, 'uk');
  await page.goto('/doctor/profile');
  await page.getByRole('link', { name: 'Ваші дані' }).click();
  await expect(page.getByRole('heading', { name: 'Ваші дані та приватність' })).toBeVisible();
  const archive = await downloadArchive(page, 'Завантажити мої дані');
  for (const name of ['account.json', 'profile.json', 'schedule.json', 'documents.json', 'summary.pdf'])
    expect(archive).toContain(name);

  await page.getByRole('button', { name: 'Видалити мій обліковий запис' }).click();
  const dialog = page.getByRole('dialog', { name: 'Видалити обліковий запис?' });
  await dialog.getByRole('textbox', { name: 'Введіть ВИДАЛИТИ, щоб підтвердити' }).fill('ВИДАЛИТИ');
  await dialog.getByRole('button', { name: 'Видалити назавжди' }).click();
  await expect(page.getByText('Ваш обліковий запис видалено')).toBeVisible();
  expect([401, 403]).toContain(await meStatus(request, psychologist.token));
});

test('a guest reads the privacy notice before signing up, in both languages', async ({ page }) => {
  await page.goto('/auth-email');
  await page.getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What we keep' })).toBeVisible();
  await expect(page.getByText(/stay sealed for the retention period/)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('locale', 'uk'));
  await page.goto('/privacy-notice');
  await expect(page.getByRole('heading', { name: 'Повідомлення про приватність' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Як довго' })).toBeVisible();
});

test('an admin sees a deletion pending, its records kept until the purge date', async ({ page, request }) => {
  const patient = await createOnboardedUser(request, 'PATIENT');
  const deleted = await request.post('/api/user/deletion', { headers: { authorization: `Bearer ${patient.token}` } });
  expect(deleted.status()).toBe(202);
  const admin = await signInAsAdmin(request);
  await useSession(page, admin);
  await page.goto('/privacy');
  const card = page.locator('.mantine-Card-root').filter({ hasText: 'Deleted accounts' });
  const row = card.getByRole('row').filter({ hasText: `#${patient.id} patient` });
  await expect(row).toContainText('Records kept');
  await expect(row).toContainText(String(new Date().getFullYear() + 10));
  // Staff accounts are disabled by admins, not deleted by their owners.
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
});
