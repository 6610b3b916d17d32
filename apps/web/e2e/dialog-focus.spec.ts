import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { bookAt, DAY_MS, nextHalfHour, setSchedule } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

/**
 * Escape closes the dialog, and the keyboard is back on the control that opened it. The report dialog starts in its
 * patient search, whose list the first Escape closes, as in any combobox.
 */
async function escapeBackTo(page: Page, dialog: Locator, opener: Locator, presses = 1) {
  await expect(dialog).toBeVisible();
  for (let i = 0; i < presses; i++) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('a psychologist is back on the button that opened each dialog after Escape', async ({ page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Marta', lastName: 'Focusenko' });
  await setSchedule(request, doc);
  await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + 2 * DAY_MS));
  await useSession(page, doc);

  // The floating menu: its items are gone once a dialog opens, so focus comes back to the menu's button.
  await page.goto('/doctor/schedule');
  const plus = page.getByRole('button', { name: 'Quick actions' });
  for (const [item, title, presses] of [
    ['Add record', 'New note', 1],
    ['Create report', 'Create report', 2],
  ] as const) {
    await plus.click();
    await page.getByRole('menuitem', { name: item }).click();
    await escapeBackTo(page, page.getByRole('dialog', { name: title }), plus, presses);
  }

  // The notes screen's own button.
  await page.goto('/doctor/records');
  const add = page.getByRole('button', { name: 'Add note' }).first();
  await add.click();
  await escapeBackTo(page, page.getByRole('dialog', { name: 'New note' }), add);

  // A patient's details, then a report about them from there: both close back to "Patient info".
  await page.goto('/doctor/appointments');
  const card = page.locator('main article').filter({ hasText: 'Marta Focusenko' });
  const info = card.getByRole('button', { name: 'Patient info' });
  await info.click();
  const details = page.getByRole('dialog', { name: 'Patient info' });
  await escapeBackTo(page, details, info);

  await info.click();
  await details.getByRole('button', { name: 'Create report about Marta Focusenko' }).click();
  const report = page.getByRole('dialog', { name: 'Create report' });
  // The patient on screen is already chosen.
  await expect(report.getByRole('combobox', { name: 'Patient' })).toHaveValue('Marta Focusenko');
  await expect(details).toBeHidden();
  await escapeBackTo(page, report, info, 2);

  // "Send message" opens the conversation with that patient.
  await info.click();
  await details.getByRole('link', { name: 'Send message to Marta Focusenko' }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Marta Focusenko' })).toBeVisible();
});

test('the patient actions fit a phone and work in Ukrainian', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Оксана', lastName: 'Фокусенко' });
  await setSchedule(request, doc);
  await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + 2 * DAY_MS));
  await useSession(page, doc, 'uk');
  await page.goto('/doctor/appointments');
  const card = page.locator('main article').filter({ hasText: 'Оксана Фокусенко' });
  const info = card.getByRole('button', { name: 'Про пацієнта' });
  await info.click();
  const details = page.getByRole('dialog', { name: 'Про пацієнта' });
  const report = details.getByRole('button', { name: 'Створити звіт про Оксана Фокусенко' });
  const message = details.getByRole('link', { name: 'Написати повідомлення: Оксана Фокусенко' });
  await expect(report).toBeVisible();
  await expect(message).toBeVisible();
  // Nothing spills past the screen's edge.
  for (const control of [report, message]) {
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  // By keyboard: Tab reaches the report button, Enter opens it.
  await report.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Створити звіт' });
  await expect(dialog.getByRole('combobox', { name: 'Пацієнт' })).toHaveValue('Оксана Фокусенко');
  await escapeBackTo(page, dialog, info, 2);
});

test('a patient is back on the time, and on Cancel, after closing their dialogs with Escape', async ({ page, request }) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Roksolana', lastName: 'Focus' });
  await setSchedule(request, doc);
  const patient = await createOnboardedUser(request, 'PATIENT');
  await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + 3 * DAY_MS));
  await useSession(page, patient);

  await page.goto(`/doctor/profile/${doc.id}`);
  await page.getByRole('button', { name: 'Book a session' }).click();
  const panel = page.getByRole('region', { name: /^Free times in the next \d+ days$/ });
  const slot = panel.getByRole('button', { name: /^Book / }).first();
  await slot.click();
  await escapeBackTo(page, page.getByRole('dialog', { name: 'Confirm your appointment' }), slot);

  await page.goto('/patient/appointments');
  const card = page.locator('main article').filter({ hasText: 'Roksolana Focus' }).first();
  const cancel = card.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  await escapeBackTo(page, page.getByRole('dialog', { name: 'Cancel the appointment' }), cancel);
  const move = card.getByRole('button', { name: 'Reschedule' });
  await move.click();
  await escapeBackTo(page, page.getByRole('dialog', { name: 'Reschedule the appointment' }), move);
});
