import { type APIRequestContext, expect } from '@playwright/test';
import { DAYS_OF_WEEK, type PlatformInfo } from '@rozmova/contract';
import dayjs from 'dayjs';
import { newScreenPage, test } from './support/fixtures';
import 'dayjs/locale/uk.js';
import { createOnboardedUser, useSession } from './support/users';

/** A free slot's button: its visible time (with the zone) first, then the day. */
const bookSlot = (range: string, day: string) => new RegExp(`^Book ${range} \\S+ on ${day}$`);

// The server's wall clock (global-setup passes TIME_ZONE through, default Europe/Kyiv).
const PLATFORM_ZONE = process.env.TIME_ZONE || 'Europe/Kyiv';
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

// The browsers sit in a zone that is on another date than the platform right now, so the pages must take "today"
// from the account's saved zone (the platform's for accounts made through the API), not from the browser.
// Kiritimati (UTC+14) is a day ahead of Kyiv from Kyiv's noon (13:00 in summer) until its midnight; Pago Pago
// (UTC-11) is a day behind from Kyiv's midnight until 13:00 (14:00 in summer).
const BROWSER_ZONE = todayIn('Pacific/Kiritimati') !== todayIn(PLATFORM_ZONE) ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
test.use({ timezoneId: BROWSER_ZONE });

/** A day in the platform zone as YYYY-MM-DD, `offset` days from the server's today, as the pages see it. */
async function platformDays(request: APIRequestContext) {
  const { today } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  return (offset: number) => dayjs(today).add(offset, 'day').format('YYYY-MM-DD');
}
// The spec's 'MMMM D, YYYY' in English; Ukrainian puts the day first, so the month is in the genitive.
const SPELLED = { en: 'MMMM D, YYYY', uk: 'D MMMM YYYY' } as const;
const spelled = (isoDate: string, locale: 'en' | 'uk') => dayjs(isoDate).locale(locale).format(SPELLED[locale]);

/** A psychologist offering art therapy with the same slots every day of the week, saved through the API. */
async function artTherapistEveryDay(request: APIRequestContext, firstName: string, ...slots: [string, string][]) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName, therapyTypes: ['ART_TERAPIA'] });
  const timeSlots = slots.map(([startTime, endTime]) => ({ startTime, endTime }));
  const saved = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots })),
    headers: { authorization: `Bearer ${doc.token}` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return doc;
}

test('a patient books a free slot; the psychologist cancels it with a reason; the patient sees it archived', async ({
  page,
  request,
  browser,
}) => {
  // Slow: the whole booking life in two browsers and both languages (search, book, both lists, cancel, archive).
  test.slow();
  const doc = await artTherapistEveryDay(request, 'Iryna', ['13:00', '14:00'], ['14:00', '15:00']);
  const doctorName = `${doc.firstName} ${doc.lastName}`;
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Marta', aboutMe: 'I cannot sleep well.' });
  const patientName = `${patient.firstName} ${patient.lastName}`;
  const platformDay = await platformDays(request);
  const tomorrow = spelled(platformDay(1), 'en');

  // Search: defaults are today and tomorrow with every type; narrow the types to the psychologist's one.
  await useSession(page, patient);
  await page.goto('/patient/doctors');
  // The pickers, not the result headings: seeded psychologists may have slots under the same dates.
  await expect(page.getByRole('button', { name: 'From' })).toHaveText(spelled(platformDay(0), 'en'));
  await expect(page.getByRole('button', { name: 'To' })).toHaveText(tomorrow);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
  await expect(page.getByText('Choose at least one therapy type to search.')).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Art therapy$/ })
    .click();
  await page.getByRole('button', { name: 'Search' }).click();

  const card = page.getByRole('article', { name: doctorName });
  await expect(card.getByRole('heading', { name: tomorrow })).toBeVisible();
  const bookLabel = bookSlot('13:00–14:00', tomorrow);
  await expect(card.getByRole('button', { name: bookLabel })).toBeVisible();

  await card.getByRole('button', { name: 'About the psychologist' }).click();
  const info = page.getByRole('dialog', { name: 'About the psychologist' });
  await expect(info.getByRole('heading', { name: doctorName })).toBeVisible();
  await expect(info.getByText('Art therapy', { exact: true })).toBeVisible();
  await expect(info.getByText('Years of experience: 7')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();

  // Book with the confirmation step.
  await card.getByRole('button', { name: bookLabel }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your appointment' });
  await expect(confirm.getByRole('row', { name: `Psychologist ${doctorName}` })).toBeVisible();
  await expect(confirm.getByRole('row', { name: `Date ${tomorrow}` })).toBeVisible();
  await expect(confirm.getByRole('row', { name: 'Time 13:00–14:00' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Your appointment is booked. You will find it in My appointments.')).toBeVisible();
  await expect(card.getByRole('button', { name: bookLabel })).toHaveCount(0);
  await expect(card.getByRole('button', { name: bookSlot('14:00–15:00', tomorrow) })).toBeVisible();

  // The patient's active tab: the video call waits for its room to open, shortly before the session.
  await page.getByRole('link', { name: 'My appointments' }).first().click();
  await expect(page).toHaveURL(/\/patient\/appointments$/);
  const day = page.getByRole('region', { name: tomorrow });
  const booked = day.getByRole('article', { name: `13:00–14:00 ${doctorName}` });
  await expect(booked.getByText('Confirmed')).toBeVisible();
  await expect(booked.getByRole('button', { name: 'Join video call' })).toBeDisabled();
  await expect(booked.getByRole('button', { name: 'Join video call' })).toHaveAccessibleDescription(
    /The video room opens 15 minutes before the start\./,
  );
  await expect(booked.getByRole('link', { name: 'Join video call' })).toHaveCount(0);

  // The psychologist sees it, opens the patient's details and cancels with a reason.
  const docContext = await browser.newContext({ timezoneId: BROWSER_ZONE });
  const docPage = await newScreenPage(docContext);
  await useSession(docPage, doc);
  await docPage.goto('/doctor/appointments');
  const docCard = docPage.getByRole('region', { name: tomorrow }).getByRole('article', { name: `13:00–14:00 ${patientName}` });
  await expect(docCard.getByText('Confirmed')).toBeVisible();
  await expect(docCard.getByRole('button', { name: 'Join video call' })).toBeDisabled();

  await docCard.getByRole('button', { name: 'Patient info' }).click();
  const patientInfo = docPage.getByRole('dialog', { name: 'Patient info' });
  await expect(patientInfo.getByRole('heading', { name: patientName })).toBeVisible();
  await expect(patientInfo.getByText(patient.email)).toBeVisible();
  await expect(patientInfo.getByText('May 17, 1990')).toBeVisible();
  await expect(patientInfo.getByText('I cannot sleep well.')).toBeVisible();
  await docPage.keyboard.press('Escape');
  await expect(patientInfo).toBeHidden();

  await docCard.getByRole('button', { name: 'Cancel' }).click();
  const cancel = docPage.getByRole('dialog', { name: 'Cancel the appointment' });
  await cancel.getByLabel('Reason').fill('   ');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel.getByText('Reason is required')).toBeVisible();
  await cancel.getByLabel('Reason').fill('I am ill and cannot hold the session.');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(docPage.getByText('Appointment canceled. You will find it under Archived.')).toBeVisible();
  await expect(cancel).toBeHidden();
  // It leaves the active list at once: active holds only what is still to come.
  await expect(docCard).toHaveCount(0);

  await docPage.getByText('UK', { exact: true }).click();
  await expect(docPage.getByRole('heading', { name: 'Записи', exact: true })).toBeVisible();
  await docPage.getByRole('tab', { name: 'Архів' }).click();
  await expect(docPage.getByText('I am ill and cannot hold the session.')).toBeVisible();
  await expect(docPage.getByText('Скасовано', { exact: true })).toBeVisible();
  await docContext.close();

  // The patient finds it archived with the reason, and no longer active.
  await page.reload();
  await expect(page.getByRole('article', { name: `13:00–14:00 ${doctorName}` })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/tab=archived/);
  const archived = page.getByRole('region', { name: tomorrow }).getByRole('article', { name: `13:00–14:00 ${doctorName}` });
  await expect(archived.getByText('Canceled', { exact: true })).toBeVisible();
  await expect(archived.getByText('I am ill and cannot hold the session.')).toBeVisible();
  await expect(archived.getByRole('button', { name: 'Join video call' })).toHaveCount(0);

  // The same screens in Ukrainian, dates spelled in Ukrainian.
  await page.getByText('UK', { exact: true }).click();
  const ukTomorrow = spelled(platformDay(1), 'uk');
  // '23 листопада 2026': day first, then the genitive month in lower case.
  expect(ukTomorrow).toMatch(/^\d{1,2} [а-щьюяєіїґ]+ \d{4}$/);
  await expect(page.getByRole('heading', { name: ukTomorrow })).toBeVisible();
  await expect(page.getByText('Скасовано', { exact: true })).toBeVisible();
  await page.goto('/patient/doctors');
  await expect(page.getByRole('button', { name: 'З', exact: true })).toHaveText(spelled(platformDay(0), 'uk'));
  await expect(page.getByRole('button', { name: 'По', exact: true })).toHaveText(ukTomorrow);
  await expect(page.getByRole('article', { name: doctorName }).getByRole('heading', { name: ukTomorrow })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
});

test('a slot taken by someone else between the search and the click is refused in words and leaves the results', async ({
  patient,
  page,
  request,
}) => {
  const doc = await artTherapistEveryDay(request, 'Olena', ['16:00', '17:00'], ['17:00', '18:00']);
  const doctorName = `${doc.firstName} ${doc.lastName}`;
  const rival = await createOnboardedUser(request, 'PATIENT');
  const platformDay = await platformDays(request);
  const tomorrow = spelled(platformDay(1), 'en');

  await useSession(page, patient);
  await page.goto('/patient/doctors');
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Art therapy$/ })
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: doctorName });
  const bookLabel = bookSlot('16:00–17:00', tomorrow);
  await card.getByRole('button', { name: bookLabel }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your appointment' });
  await expect(confirm.getByRole('row', { name: 'Time 16:00–17:00' })).toBeVisible();

  // Another patient books the same slot while this one reads the confirmation.
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${doc.token}` } });
  const { id: psychologistId } = (await me.json()) as { id: number };
  const taken = await request.post('/api/patient/appointments', {
    data: { psychologistId, date: platformDay(1), startTime: '16:00', endTime: '17:00' },
    headers: { authorization: `Bearer ${rival.token}` },
  });
  expect(taken.ok(), await taken.text()).toBe(true);

  await confirm.getByRole('button', { name: 'Book appointment' }).click();
  await expect(
    page.getByText('Someone has just booked this time. The free slots are updated: please choose another one.'),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('button', { name: bookLabel })).toHaveCount(0);
  await expect(card.getByRole('button', { name: bookSlot('17:00–18:00', tomorrow) })).toBeVisible();
});

test('a patient edits the profile, is asked before leaving unsaved, and sees it after a reload', async ({ page, request }) => {
  const patient = await createOnboardedUser(request, 'PATIENT');
  await useSession(page, patient);
  await page.goto('/patient/profile');

  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Pat');
  await expect(page.getByRole('textbox', { name: 'Date of birth', exact: true })).toHaveValue('May 17, 1990');

  await firstName.fill(' ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  await firstName.fill('Sofiia');
  await page.getByLabel('Last name').fill('Melnyk');
  await page.getByRole('textbox', { name: 'Date of birth', exact: true }).click();
  await page.getByRole('button', { name: '20 May 1990' }).click();
  await expect(page.getByRole('textbox', { name: 'Date of birth', exact: true })).toHaveValue('May 20, 1990');
  await page.getByLabel('About me').fill('I moved to a new city last year.');
  await page.getByLabel('Therapy goals').fill('Feel less anxious at work.');

  await page.getByRole('link', { name: 'Find a psychologist' }).first().click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/patient\/profile$/);
  await expect(firstName).toHaveValue('Sofiia');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await page.reload();
  await expect(firstName).toHaveValue('Sofiia');
  await expect(page.getByLabel('Last name')).toHaveValue('Melnyk');
  await expect(page.getByRole('textbox', { name: 'Date of birth', exact: true })).toHaveValue('May 20, 1990');
  await expect(page.getByLabel('About me')).toHaveValue('I moved to a new city last year.');
  await expect(page.getByLabel('Therapy goals')).toHaveValue('Feel less anxious at work.');
  await page.getByText('UK', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Дата народження' })).toHaveValue('20 травня 1990');
  await page.getByText('EN', { exact: true }).click();

  // Nothing is unsaved now, so leaving asks nothing.
  await page.getByRole('link', { name: 'Find a psychologist' }).first().click();
  await expect(page).toHaveURL(/\/patient\/doctors$/);

  // A new patient has nothing booked: the empty state points to the search.
  await page.getByRole('link', { name: 'My appointments' }).first().click();
  await expect(page.getByText('No upcoming appointments')).toBeVisible();
  await page.getByRole('tabpanel', { name: 'Active' }).getByRole('link', { name: 'Find a psychologist' }).click();
  await expect(page).toHaveURL(/\/patient\/doctors$/);
});

test("a patient books from the psychologist's public profile", async ({ page, request }) => {
  const doc = await artTherapistEveryDay(request, 'Sofia', ['13:00', '14:00']);
  const patient = await createOnboardedUser(request, 'PATIENT');
  const tomorrow = spelled((await platformDays(request))(1), 'en');
  await useSession(page, patient);
  await page.goto(`/doctor/profile/${doc.id}`);
  await expect(page.getByRole('heading', { name: `${doc.firstName} ${doc.lastName}` })).toBeVisible();

  await page.getByRole('button', { name: 'Book a session' }).click();
  const panel = page.getByRole('region', { name: /^Free times in the next \d+ days$/ });
  // The panel's own title takes the focus; the days it lists are headings too, once they have loaded.
  await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
  await panel.getByRole('button', { name: bookSlot('13:00–14:00', tomorrow) }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your appointment' });
  await expect(confirm.getByRole('row', { name: `Psychologist ${doc.firstName} ${doc.lastName}` })).toBeVisible();
  // A double click books once, and nobody is told someone else took the slot.
  await confirm.getByRole('button', { name: 'Book appointment' }).dblclick();
  await expect(page.getByText('Your appointment is booked. You will find it in My appointments.').first()).toBeVisible();
  await expect(page.getByText(/Someone has just booked this time/)).toHaveCount(0);
  const mine = await request.get('/api/patient/appointments?status=active', {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  expect(((await mine.json()) as { doctorId: number }[]).filter((a) => a.doctorId === doc.id)).toHaveLength(1);
  // The booked time leaves the list at once.
  await expect(panel.getByRole('button', { name: bookSlot('13:00–14:00', tomorrow) })).toHaveCount(0);
});
