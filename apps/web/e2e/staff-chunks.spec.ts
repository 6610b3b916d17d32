import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { newScreenPage, test } from './support/fixtures';
import { createOnboardedUser, signInAsAdmin, useSession } from './support/users';

/** The chunk files of the manager's and the admin's screens and of their texts, read from the build's manifest. */
function staffFiles(): string[] {
  const manifest: Record<string, { file: string }> = JSON.parse(
    readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
  );
  return Object.entries(manifest)
    .filter(([key]) => /^src\/features\/(admin|manager)\/|^src\/lib\/texts\/[a-z]+-staff\.ts$/.test(key))
    .map(([, chunk]) => chunk.file);
}

function staffRequests(page: Page, staff: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname.slice(1);
    if (staff.includes(path)) seen.push(path);
  });
  return seen;
}

test('the staff screens and their texts never reach a visitor or a patient, and do reach an admin', async ({
  browser,
  request,
}) => {
  // Slow: seven screens for two accounts in one page, each fetching its own chunks; beside the restart journeys (own
  // server, live video) that took over 30 s.
  test.slow();
  const staff = staffFiles();
  expect(staff.filter((f) => /-staff-/.test(f))).toHaveLength(2);
  expect(staff.length).toBeGreaterThan(8);

  const context = await browser.newContext();
  const page = await newScreenPage(context);
  const seen = staffRequests(page, staff);
  try {
    await page.goto('/');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await useSession(page, await createOnboardedUser(request, 'PATIENT'));
    for (const path of ['/dashboard', '/patient/doctors', '/patient/appointments', '/patient/profile']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(seen).toEqual([]);

    await useSession(page, await signInAsAdmin(request));
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(seen.some((f) => /users-page/.test(f))).toBe(true);
    expect(seen.some((f) => /en-staff/.test(f))).toBe(true);
  } finally {
    await context.close();
  }
});
