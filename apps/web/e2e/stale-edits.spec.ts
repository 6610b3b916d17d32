import { expect, newScreenPage, test } from './support/fixtures';
import { useSession } from './support/users';

// One psychologist with their profile open in two browsers: the second save meets the first, keeps what was typed,
// shows what the first saved, and then both changes are kept.
test('a profile saved in another browser meanwhile: the stale save shows what changed and keeps both edits', async ({
  page,
  browser,
  psychologist,
}) => {
  const other = await newScreenPage(await browser.newContext());
  for (const p of [page, other]) {
    await useSession(p, psychologist);
    await p.goto('/doctor/profile');
  }

  await other.getByRole('textbox', { name: 'About me' }).fill('Written in the other browser');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Saved successfully')).toBeVisible();

  const specialties = page.getByRole('textbox', { name: 'Specialties' });
  await specialties.fill('burnout, grief');
  await page.getByRole('button', { name: 'Save' }).click();
  const refused = page.getByRole('alert', { name: 'Changed elsewhere' });
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Reload' }).click();

  const about = page.getByRole('status').getByRole('group', { name: 'About me' });
  await expect(about.getByRole('group', { name: 'Saved version' })).toContainText('Written in the other browser');
  await expect(page.getByRole('textbox', { name: 'About me' })).toHaveValue('Written in the other browser');
  await expect(specialties).toHaveValue('burnout, grief');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  await other.reload();
  await expect(other.getByRole('textbox', { name: 'About me' })).toHaveValue('Written in the other browser');
  await expect(other.getByRole('textbox', { name: 'Specialties' })).toHaveValue('burnout, grief');
});
