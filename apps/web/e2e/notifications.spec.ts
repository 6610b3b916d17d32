import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { AuthResponse } from '@rozmova/contract';
import { newScreenPage, test } from './support/fixtures';
import { bookAt, DAY_MS, nextHalfHour, setSchedule } from './support/sessions';
import { createOnboardedUser, DEMO_ADMIN, mailTexts, signInAsAdmin, useSession } from './support/users';

/** The seeded demo manager (apps/server/src/db/seed/users.ts), who shares the demo admin's password. */
const DEMO_MANAGER = { email: 'manager@rozmova.demo', password: DEMO_ADMIN.password };

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Notifications|Сповіщення)/ });
/** The bell's panel, named by the bell that opens it. */
const panel = (page: Page) => page.getByRole('dialog', { name: /^(Notifications|Сповіщення)/ });
const item = (page: Page, title: string | RegExp) => panel(page).getByRole('listitem').filter({ hasText: title });

/** Marks all of an account's notifications read, as "Mark all as read" does. */
async function readAll(request: APIRequestContext, token: string) {
  const res = await request.put('/api/notifications/read-all', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signInWithPassword(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: account });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as AuthResponse;
}

test('a booking reaches both bells; the psychologist opens it and writes to the patient, who reads it', async ({
  page,
  request,
  browser,
}) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Olha', lastName: 'Bilyk' });
  // Their verification is news of its own (the next test); this one follows a booking.
  await readAll(request, doc.token);
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Taras', lastName: 'Koval' });
  await setSchedule(request, doc);
  const session = await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + DAY_MS));

  // The psychologist's bell counts the booking, and opens by keyboard as by pointer.
  await useSession(page, doc);
  await page.goto('/doctor/schedule');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(item(page, 'New session booked')).toContainText('Taras Koval');
  // Unread ones say so as the first word of their name.
  await expect(item(page, 'New session booked').getByRole('button')).toHaveAccessibleName(/^Unread New session booked/);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // Opening it marks it read and leads to the appointments, where the session can go to a calendar.
  await bell(page).click();
  await item(page, 'New session booked').getByRole('button').click();
  await expect(page).toHaveURL(/\/doctor\/appointments$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const card = page.locator('main article').filter({ hasText: 'Taras Koval' });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toBe(`rozmova-session-${session.id}.ics`);

  // The patient's bell has their own side of the booking.
  const patientContext = await browser.newContext();
  const patientPage = await newScreenPage(patientContext);
  await useSession(patientPage, patient);
  await patientPage.goto('/patient/appointments');
  await expect(bell(patientPage)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(patientPage).click();
  await expect(item(patientPage, 'Your session is booked')).toContainText('Olha Bilyk');

  // The psychologist writes from the floating menu.
  const message = 'Please fill in the mood diary before our next session.';
  await page.getByRole('button', { name: 'Quick actions' }).click();
  await page.getByRole('menuitem', { name: 'Send notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message to a patient' });
  await expect(dialog.getByText('can answer in Messages')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Choose a patient', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Write a message', { exact: true })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Patient' }).click();
  await page.getByRole('option', { name: 'Taras Koval' }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
  await expect(dialog.getByTestId('char-count')).toHaveText(`${message.length} / 1000`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent to Taras Koval')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The patient finds it in the bell, naming the psychologist and not the text; it opens the conversation.
  await patientPage.reload();
  await expect(bell(patientPage)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(patientPage).click();
  const note = item(patientPage, 'New message from Olha Bilyk');
  // Newest first.
  await expect(panel(patientPage).getByRole('listitem').first()).toContainText('New message from Olha Bilyk');
  await expect(panel(patientPage)).not.toContainText(message);
  await note.getByRole('button').click();
  await expect(patientPage).toHaveURL(/\/messages\/\d+$/);
  await expect(patientPage.getByTestId('message-theirs')).toContainText(message);
  await expect(bell(patientPage)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(patientPage).click();
  await panel(patientPage).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(patientPage)).toHaveAccessibleName('Notifications');
  await expect(panel(patientPage).getByRole('button', { name: /^Unread/ })).toHaveCount(0);
  await patientContext.close();
});

test('a psychologist hears of the check of their documents, a rejection with its reason, and opens their profile', async ({
  page,
  request,
}) => {
  const doc = await createOnboardedUser(
    request,
    'PSYCHOLOGIST',
    { firstName: 'Iryna', lastName: 'Savchuk' },
    { verified: false },
  );
  const admin = await signInAsAdmin(request);
  const verify = (verified: boolean, data?: { reason: string }) =>
    request.put(`/api/admin/users/${doc.id}/verify?verified=${verified}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data,
    });
  expect((await verify(false, { reason: 'The diploma scan is cut off.' })).ok()).toBe(true);
  expect((await verify(true)).ok()).toBe(true);

  await useSession(page, doc);
  await page.goto('/doctor/schedule');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(page).click();
  await expect(item(page, 'Your documents could not be verified')).toContainText('Reason: The diploma scan is cut off.');
  await expect(item(page, 'Your profile is verified')).toContainText('Patients can now find you');
  await item(page, 'Your profile is verified').getByRole('button').click();
  await expect(page).toHaveURL(/\/doctor\/profile$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The same news came by mail, the rejection with its reason and a link to the profile.
  await expect.poll(async () => (await mailTexts(doc.email)).filter((m) => m.includes('/doctor/profile')).length).toBe(2);
  expect((await mailTexts(doc.email)).some((m) => m.includes('Reason: The diploma scan is cut off.'))).toBe(true);
});

test('the bells of an admin and a manager open with nothing in them, in either language', async ({ page, request }) => {
  await useSession(page, await signInAsAdmin(request));
  await page.goto('/admin/users');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(panel(page).getByText('No notifications yet')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

  await useSession(page, await signInWithPassword(request, DEMO_MANAGER), 'uk');
  await page.goto('/manager/appointments');
  await expect(bell(page)).toHaveAccessibleName('Сповіщення');
  await bell(page).click();
  await expect(panel(page).getByText('Сповіщень поки немає')).toBeVisible();
});

test('a mail preference is saved on the switch and kept after a reload', async ({ patient, page }) => {
  await useSession(page, patient);
  await page.goto('/patient/profile');
  const reminders = page.getByRole('switch', { name: 'Reminder mails' });
  const changes = page.getByRole('switch', { name: 'Mails about changes to my sessions' });
  await expect(reminders).toBeChecked();
  await expect(changes).toBeChecked();
  await expect(page.getByText('messages from your psychologist, are always sent')).toBeVisible();
  await reminders.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(reminders).not.toBeChecked();

  await page.reload();
  await expect(reminders).not.toBeChecked();
  await expect(changes).toBeChecked();
});
