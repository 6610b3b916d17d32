import { expect } from '@playwright/test';
import { pdf } from '../../server/test/fixtures/documents';
import { newScreenPage, test } from './support/fixtures';
import { bookAt, DAY_MS, HOUR_MS, nextHalfHour, setSchedule } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

test('a patient who cannot cancel late messages their psychologist from the refusal; both see unread counts move', async ({
  page,
  browser,
  request,
}) => {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Halyna', lastName: 'Moroz' });
  await setSchedule(request, doc);
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Petro', lastName: 'Shevchenko' });
  // The first half hour an hour from now or later: always less than a day ahead.
  const { startTime } = await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + HOUR_MS));
  await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + 3 * DAY_MS));

  await useSession(page, patient);
  await page.goto('/patient/appointments');
  const card = page.locator('main article').filter({ hasText: startTime });
  // Within the notice the card says the psychologist is the one to ask, and offers the message.
  await expect(card).toContainText('Please contact your psychologist.');
  await card.getByRole('link', { name: 'Message Halyna Moroz' }).click();

  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Halyna Moroz' })).toBeVisible();
  await expect(page.getByTestId('emergency-notice')).toContainText('Messages are not for emergencies');
  await expect(page.getByTestId('crisis-resources').getByRole('link').first()).toHaveAttribute('href', /^tel:/);
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue(new RegExp(`^About my session on .*${startTime}`));
  await box.press('End');
  await box.pressSequentially('I cannot come, sorry. Details: https://example.org/note');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('message-mine')).toContainText('I cannot come, sorry.');
  await expect(page.getByTestId('message-mine').getByRole('link', { name: 'https://example.org/note' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(box).toHaveValue('');

  // The psychologist, in another browser and in Ukrainian, sees one unread message and answers.
  const docContext = await browser.newContext();
  const docPage = await newScreenPage(docContext);
  await useSession(docPage, doc, 'uk');
  await docPage.goto('/doctor/appointments');
  const docLink = docPage.getByTestId('messages-link');
  await expect(docLink).toHaveAttribute('data-unread', '1');
  await expect(docLink).toHaveAccessibleName('Повідомлення, непрочитаних: 1');
  await docLink.click();
  await docPage.getByTestId('conversation-item').filter({ hasText: 'Petro Shevchenko' }).click();
  await expect(docPage.getByTestId('message-theirs')).toContainText('I cannot come, sorry.');
  await expect(docLink).toHaveAttribute('data-unread', '0');
  await expect(docPage.getByTestId('emergency-notice')).toContainText('Повідомлення не для екстрених випадків');
  await docPage.getByRole('textbox', { name: 'Повідомлення' }).fill('Дякую, перенесемо на четвер.');
  await docPage.getByRole('textbox', { name: 'Повідомлення' }).press('Control+Enter');
  await expect(docPage.getByTestId('message-mine')).toContainText('перенесемо на четвер');
  // …and sends a form to fill in, as a PDF.
  await docPage.locator('input[type=file]').setInputFiles({
    name: 'intake-form.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Intake form'),
  });
  await expect(docPage.getByTestId('chosen-file')).toContainText('intake-form.pdf');
  await docPage.getByRole('button', { name: 'Надіслати' }).click();
  await expect(docPage.getByTestId('message-mine').getByRole('button', { name: /intake-form\.pdf/ })).toBeVisible();
  await docPage.getByRole('button', { name: 'Зберегти в записах' }).click();
  await expect(docPage.getByText('Розмову збережено як нотатку в записах пацієнта')).toBeVisible();

  // The patient's own message shows as read, and the answer arrives with the header's count.
  await page.goto('/patient/appointments');
  const link = page.getByTestId('messages-link');
  await expect(link).toHaveAttribute('data-unread', '2');
  await link.click();
  await page.getByTestId('conversation-item').filter({ hasText: 'Halyna Moroz' }).click();
  await expect(page.getByTestId('message-theirs').first()).toContainText('перенесемо на четвер');
  await expect(page.getByTestId('message-mine').getByLabel('Read')).toBeVisible();
  await expect(link).toHaveAttribute('data-unread', '0');
  await page.getByRole('button', { name: /intake-form\.pdf/ }).click();
  await expect(page.getByRole('dialog', { name: 'intake-form.pdf' }).getByTestId('document-frame')).toBeVisible();
});
