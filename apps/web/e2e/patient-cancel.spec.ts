import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './support/fixtures';
import { bookAt, DAY_MS, HOUR_MS, nextHalfHour, setSchedule } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

/**
 * A psychologist free every half hour of every day, and a patient with a session in 3 days and one within 24 hours,
 * each named by its time as the patient's list shows it.
 */
async function sessions(request: APIRequestContext) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Halyna', lastName: 'Moroz' });
  await setSchedule(request, doc);
  const patient = await createOnboardedUser(request, 'PATIENT');
  const book = async (startsAt: Date) => {
    const { startTime, endTime } = await bookAt(request, patient, doc.id, startsAt);
    return `${startTime}–${endTime}`;
  };
  const later = await book(nextHalfHour(Date.now() + 3 * DAY_MS));
  // The first half hour starting an hour from now or later: always less than a day ahead.
  const soon = await book(nextHalfHour(Date.now() + HOUR_MS));
  return { patient, later, soon };
}

test('a patient cancels a session days ahead, and is told to contact the psychologist within a day of one', async ({
  page,
  request,
}) => {
  const { patient, later, soon } = await sessions(request);
  await useSession(page, patient);
  await page.goto('/patient/appointments');
  const card = (time: string) => page.locator('main article').filter({ hasText: time });

  await expect(card(later).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  await card(later).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the appointment' });
  await expect(dialog.getByText('with Halyna Moroz')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('A work trip came up.');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment canceled. You will find it under Archived.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Active holds only what is still to come: the canceled session is in the archive, with its reason.
  await expect(card(later)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(card(later)).toContainText('A work trip came up.');
  await expect(card(later).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();

  // Within a day of the start the patient can neither cancel nor move it here: the list says so before they try.
  await expect(card(soon).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  await expect(card(soon).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(card(soon).getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(
    /Less than 24 hours are left .* can no longer be canceled or moved here\. Please contact your psychologist\./,
  );
  await expect(card(later).getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
});
