import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DAYS_OF_WEEK, type PlatformInfo } from '@rozmova/contract';
import dayjs from 'dayjs';
import { newScreenPage, test } from './support/fixtures';
import 'dayjs/locale/uk.js';
import { createOnboardedUser, useSession } from './support/users';

/** The platform's tomorrow (YYYY-MM-DD): the psychologist's and the patient's zone, both the platform's. */
async function platformTomorrow(request: APIRequestContext): Promise<string> {
  const { today } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  return dayjs(today).add(1, 'day').format('YYYY-MM-DD');
}
const spelled = (isoDate: string, locale: 'en' | 'uk') =>
  dayjs(isoDate)
    .locale(locale)
    .format(locale === 'uk' ? 'D MMMM YYYY' : 'MMMM D, YYYY');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a date picker and clicks a day in its calendar, turning to the next month when the day lies there. */
async function pickDay(page: Page, picker: Locator, isoDate: string, times = 1) {
  await picker.click();
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(next).toBeVisible();
  const day = page.getByRole('button', { name: dayjs(isoDate).locale('en').format('D MMMM YYYY'), exact: true }).first();
  if (!(await day.isVisible())) await next.click();
  for (let i = 0; i < times; i++) await day.click();
}

test('a psychologist blocks a booked date and adds a one-off slot; a patient’s search follows', async ({
  page,
  request,
  browser,
}) => {
  // Slow: the psychologist's exceptions in both languages, then a patient's search in a second browser.
  test.slow();
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Solomiia', therapyTypes: ['PSYCHODRAMA'] });
  const doctorName = `${doc.firstName} ${doc.lastName}`;
  const timeSlots = [
    { startTime: '13:00', endTime: '14:00' },
    { startTime: '14:00', endTime: '15:00' },
  ];
  const saved = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots })),
    headers: { authorization: `Bearer ${doc.token}` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Marta' });
  const tomorrow = await platformTomorrow(request);
  const booked = await request.post('/api/patient/appointments', {
    data: { psychologistId: doc.id, date: tomorrow, startTime: '13:00', endTime: '14:00' },
    headers: { authorization: `Bearer ${patient.token}` },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await useSession(page, doc);
  await page.goto('/doctor/schedule');
  const section = page.getByRole('region', { name: 'Days off and extra hours' });
  await expect(section.getByText('No blocked dates or one-off slots yet.')).toBeVisible();

  // Blocking the booked date (a single click picks it): the session is listed, and stays booked when blocked anyway.
  await pickDay(page, section.getByRole('button', { name: 'Dates', exact: true }), tomorrow, 1);
  await expect(section.getByRole('button', { name: 'Dates', exact: true })).toHaveText(spelled(tomorrow, 'en'));
  // The calendar stays open for a second date; closing it keeps the one picked.
  await page.keyboard.press('Escape');
  await expect(section.getByRole('button', { name: 'Dates', exact: true })).toHaveText(spelled(tomorrow, 'en'));
  await section.getByRole('button', { name: 'Block dates' }).click();
  const conflict = page.getByRole('dialog', { name: 'Sessions on these dates' });
  await expect(conflict.getByRole('listitem')).toHaveText([
    `${patient.firstName} ${patient.lastName}: ${spelled(tomorrow, 'en')}, 13:00–14:00`,
  ]);
  await expect(conflict.getByText('They stay booked unless you cancel them')).toBeVisible();
  await conflict.getByRole('button', { name: 'Block anyway' }).click();
  await expect(page.getByText('Dates blocked')).toBeVisible();
  const list = section.getByRole('list', { name: 'Upcoming changes' });
  await expect(list.getByRole('listitem')).toHaveText([`Days off${spelled(tomorrow, 'en')}`]);

  // A one-off slot on the blocked day, in the evening.
  await pickDay(page, section.getByRole('button', { name: 'Date', exact: true }), tomorrow);
  await section.getByLabel('Starts at').selectOption('18:00');
  await expect(section.getByLabel('Ends at')).toHaveValue('19:00');
  await section.getByRole('button', { name: 'Add slot' }).click();
  await expect(page.getByText('Slot added')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([
    `Days off${spelled(tomorrow, 'en')}`,
    `Extra slot${spelled(tomorrow, 'en')}, 18:00–19:00`,
  ]);
  // The same slot again overlaps itself: the form says so.
  await pickDay(page, section.getByRole('button', { name: 'Date', exact: true }), tomorrow);
  await section.getByLabel('Starts at').selectOption('18:00');
  await section.getByRole('button', { name: 'Add slot' }).click();
  await expect(section.getByText('This slot overlaps one of your weekly slots')).toBeVisible();

  // The patient's search offers the one-off slot and none of the blocked date's weekly slots.
  const patientContext = await browser.newContext();
  const patientPage = await newScreenPage(patientContext);
  await useSession(patientPage, patient);
  await patientPage.goto('/patient/doctors');
  await patientPage.getByRole('button', { name: 'Clear all' }).click();
  await patientPage
    .locator('label')
    .filter({ hasText: /^Psychodrama$/ })
    .click();
  await patientPage.getByRole('button', { name: 'Search' }).click();
  const card = patientPage.getByRole('article', { name: doctorName });
  const on = (time: string) => new RegExp(`^Book ${time} .*on ${literal(spelled(tomorrow, 'en'))}`);
  await expect(card.getByRole('button', { name: on('18:00–19:00') })).toBeVisible();
  await expect(card.getByRole('button', { name: on('14:00–15:00') })).toHaveCount(0);
  await expect(card.getByRole('button', { name: on('13:00–14:00') })).toHaveCount(0);
  await patientContext.close();

  // In Ukrainian; then deleting the block asks first and gives the weekly slots back.
  await page.getByText('UK', { exact: true }).click();
  const sectionUk = page.getByRole('region', { name: 'Вихідні та додаткові години' });
  const listUk = sectionUk.getByRole('list', { name: 'Майбутні зміни' });
  await expect(sectionUk.getByText('Цей слот перетинається з вашим щотижневим слотом')).toBeVisible();
  await expect(listUk.getByRole('listitem')).toHaveText([
    `Вихідні${spelled(tomorrow, 'uk')}`,
    `Додатковий слот${spelled(tomorrow, 'uk')}, 18:00–19:00`,
  ]);
  await listUk.getByRole('button', { name: `Видалити: Вихідні: ${spelled(tomorrow, 'uk')}` }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Видалити цю зміну?' });
  await confirmDelete.getByRole('button', { name: 'Видалити' }).click();
  await expect(listUk.getByRole('listitem')).toHaveText([`Додатковий слот${spelled(tomorrow, 'uk')}, 18:00–19:00`]);
  const slots = await request.post(`/api/patient/doctors/search?psychologistId=${doc.id}`, {
    data: { startDate: tomorrow, endDate: tomorrow, therapyTypes: ['PSYCHODRAMA'] },
    headers: { authorization: `Bearer ${patient.token}` },
  });
  const [found] = (await slots.json()) as { availableSlots: { startTime: string }[] }[];
  expect(found.availableSlots.map((s) => s.startTime)).toEqual(['14:00', '18:00']);
});
