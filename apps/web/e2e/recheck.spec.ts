import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, newScreenPage, test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, startServer, stopServer } from './support/global-setup';
import { createOnboardedUser, DEMO_ADMIN, mailCount, mailedCode, signInAsAdmin, useSession } from './support/users';

// A server of its own, whose clock the test moves past the 10 minutes a check of a factor lasts.
test.describe.configure({ timeout: 180_000 });

const root = new URL('../../../', import.meta.url).pathname;
const CLOCK_SERVER = ['--import', 'tsx', 'apps/web/e2e/support/clock-server.mjs'];

async function setClock(request: APIRequestContext, at: Date | null) {
  const res = await request.put('/e2e/clock', { data: { at: at?.toISOString() ?? null } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('on a session checked more than 10 minutes ago, downloading the data and disabling a user ask again first', async ({
  browser,
  playwright,
}) => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = ownDataDir('recheck');
  const server: ChildProcess = await startServer(root, ownServerEnv(port, dataDir), CLOCK_SERVER);
  const request = await playwright.request.newContext({ baseURL });
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const desktop = await browser.newContext({ baseURL });
  try {
    const patient = await createOnboardedUser(request, 'PATIENT');
    const admin = await signInAsAdmin(request);
    await setClock(request, new Date(Date.now() + 11 * 60_000));

    // A patient who signs in by code, on a phone: no password, so a code mailed to the own address.
    const page = await newScreenPage(phone);
    await useSession(page, patient);
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toBeFocused();
    const before = await mailCount(patient.email);
    await dialog.getByRole('button', { name: 'No password? E-mail me a code' }).click();
    await expect(dialog).toContainText(`We sent a 6-digit code to ${patient.email}`);
    const code = dialog.getByRole('textbox', { name: 'Code from the e-mail' });
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('This code is wrong or was already used.')).toBeVisible();
    await code.fill(await mailedCode(patient.email, before));
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeInViewport();
    const [download] = await Promise.all([page.waitForEvent('download'), confirm.click()]);
    expect(download.suggestedFilename()).toMatch(/^rozmova-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(dialog).toHaveCount(0);

    // The admin, with the password, disables the patient; the dialog goes, the action goes through.
    const adminPage = await newScreenPage(desktop);
    await useSession(adminPage, admin);
    await adminPage.goto('/admin/users');
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(patient.email);
    const row = adminPage.getByRole('row', { name: patient.email });
    await row.getByRole('button', { name: 'Disable' }).click();
    await adminPage.getByRole('dialog', { name: 'Disable this user?' }).getByRole('button', { name: 'Disable' }).click();
    const recheck = adminPage.getByRole('dialog', { name: 'Confirm it is you' });
    await recheck.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
    await recheck.getByRole('textbox', { name: 'Password' }).press('Enter');
    await expect(adminPage.getByText('User disabled')).toBeVisible();
    await expect(row.getByRole('img', { name: 'Disabled' })).toBeVisible();
    await expect(recheck).toHaveCount(0);
    // Within the 10 minutes, enabling goes through without a question.
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(adminPage.getByText('User enabled')).toBeVisible();
    await expect(adminPage.getByRole('dialog')).toHaveCount(0);
  } finally {
    await phone.close();
    await desktop.close();
    await request.dispose();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
