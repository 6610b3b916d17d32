import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { bearer, bookAt, DAY_MS, nextHalfHour, setSchedule } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A psychologist and a patient with a session two days ahead and a PHQ-9 filled today. */
async function practice(request: APIRequestContext, names: { firstName: string; lastName: string }) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  const patient = await createOnboardedUser(request, 'PATIENT', names);
  await setSchedule(request, doc);
  await bookAt(request, patient, doc.id, nextHalfHour(Date.now() + 2 * DAY_MS));
  const phq = await request.post('/api/patient/measures', {
    data: { instrument: 'PHQ9', answers: [2, 2, 2, 1, 1, 1, 1, 1, 0] },
    headers: bearer(patient.token),
  });
  expect(phq.ok(), await phq.text()).toBe(true);
  return { doc, patient, patientName: `${names.firstName} ${names.lastName}` };
}

const CASES = [
  {
    locale: 'en' as const,
    names: { firstName: 'Petro', lastName: 'Melnyk' },
    t: {
      menu: 'Quick actions',
      item: 'Create report',
      dialog: 'Create report',
      patient: 'Patient',
      to: 'To',
      from: 'From',
      preview: 'Preview',
      upcoming: 'Upcoming: 1',
      trend: /PHQ-9 \(depression\): 11 \(Moderate/,
      summary: 'Your summary',
      create: 'Create report',
      summaryRequired: 'Write a summary.',
      order: 'The end date must not be before the start date.',
      saved: 'The report is saved as a note.',
      download: 'Download PDF',
      text: 'Sleeps better, less worry.',
    },
  },
  {
    locale: 'uk' as const,
    names: { firstName: 'Тарас', lastName: 'Гриценко' },
    t: {
      menu: 'Швидкі дії',
      item: 'Створити звіт',
      dialog: 'Створити звіт',
      patient: 'Пацієнт',
      to: 'По',
      from: 'З',
      preview: 'Попередній перегляд',
      upcoming: 'Запланована: 1',
      trend: /PHQ-9 \(депресія\): 11 \(Помірний/,
      summary: 'Ваш підсумок',
      create: 'Створити звіт',
      summaryRequired: 'Напишіть підсумок.',
      order: 'Кінцева дата не може бути раніше за початкову.',
      saved: 'Звіт збережено як нотатку.',
      download: 'Завантажити PDF',
      text: 'Сон покращився, менше тривоги.',
    },
  },
];

async function expectPdf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
}

for (const { locale, names, t } of CASES) {
  test(`a psychologist creates a progress report from the floating menu and downloads its PDF (${locale})`, async ({
    page,
    request,
  }) => {
    // Slow: a whole report (patient, period, preview with sessions and scores), two PDFs rendered and downloaded.
    test.slow();
    const { doc, patientName } = await practice(request, names);
    await useSession(page, doc, locale);
    await page.goto('/doctor/schedule');
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('menuitem', { name: t.item }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await expect(dialog).toBeVisible();

    // Nothing chosen: the form says what is missing.
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(dialog.getByText(t.summaryRequired)).toBeVisible();

    await dialog.getByRole('combobox', { name: t.patient }).click();
    await page.getByRole('option', { name: patientName }).click();
    await dialog.getByLabel(t.to, { exact: true }).fill(isoDay(Date.now() - 40 * DAY_MS));
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(dialog.getByText(t.order)).toBeVisible();
    await dialog.getByLabel(t.from, { exact: true }).fill(isoDay(Date.now() - 7 * DAY_MS));
    await dialog.getByLabel(t.to, { exact: true }).fill(isoDay(Date.now() + 10 * DAY_MS));
    await expect(dialog.getByText(t.order)).toHaveCount(0);

    const preview = dialog.getByRole('region', { name: t.preview });
    await expect(preview.getByText(t.upcoming)).toBeVisible();
    await expect(preview.getByText(t.trend)).toBeVisible();

    await dialog.getByRole('textbox', { name: t.summary }).click();
    await page.keyboard.type(t.text);
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(dialog.getByText(t.saved)).toBeVisible();
    await expectPdf(page, () => dialog.getByRole('button', { name: t.download }).click());
    await page.keyboard.press('Escape');

    // The report is a note in the records list, with its own download.
    await page.goto('/doctor/records');
    const row = page.getByRole('row').filter({ hasText: patientName });
    await expect(row).toHaveCount(1);
    await expectPdf(page, () => row.getByRole('button', { name: t.download }).click());
  });
}

test('a report shared with the patient is downloaded from their notes', async ({ page, request }) => {
  const { doc, patient } = await practice(request, { firstName: 'Iryna', lastName: 'Koval' });
  const made = await request.post('/api/doctor/reports', {
    data: {
      patientId: patient.id,
      from: isoDay(Date.now() - 7 * DAY_MS),
      to: isoDay(Date.now() + 7 * DAY_MS),
      summary: '<p>Steady progress.</p>',
      privacyLevel: 'DOCTOR_PATIENT_MANAGER',
    },
    headers: bearer(doc.token),
  });
  expect(made.ok(), await made.text()).toBe(true);
  await useSession(page, patient);
  await page.goto('/patient/appointments');
  const note = page.getByRole('region', { name: 'Notes from your psychologist' }).getByRole('article');
  await expect(note.getByText('Steady progress.')).toBeVisible();
  await expectPdf(page, () => note.getByRole('button', { name: 'Download PDF' }).click());
});
