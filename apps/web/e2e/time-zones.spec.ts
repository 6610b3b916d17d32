import { expect, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { newScreenPage, test } from './support/fixtures';
import { bookAt, everyDay, setSchedule, setTimeZone } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

dayjs.extend(utc);
dayjs.extend(timezone);

const PATIENT_ZONE = 'America/New_York';
const DOCTOR_ZONE = 'Europe/Kyiv';

const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const addDays = (isoDate: string, days: number) => dayjs(isoDate).add(days, 'day').format('YYYY-MM-DD');
/** The spec's 'MMMM D, YYYY', as the lists head their days. */
const spelled = (isoDate: string) => dayjs(isoDate).format('MMMM D, YYYY');
/** A moment on the psychologist's wall clock as an instant. */
const kyiv = (isoDate: string, time: string) => dayjs.tz(`${isoDate}T${time}`, DOCTOR_ZONE).toDate();

/** An instant on a zone's clock as the browser reads it: its time (HH:mm) and the zone's short name then. */
const clockIn = (page: Page, at: Date, zone: string) =>
  page.evaluate(
    ([iso, timeZone]) => {
      const date = new Date(iso);
      const time = new Intl.DateTimeFormat('en', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
      const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'short' }).formatToParts(date);
      return { time, zone: parts.find((p) => p.type === 'timeZoneName')?.value ?? '' };
    },
    [at.toISOString(), zone] as const,
  );

/** "03:00–04:00" and "EST" of an hour-long session on a zone's clock. */
async function hourOn(page: Page, startsAt: Date, zone: string) {
  const start = await clockIn(page, startsAt, zone);
  const end = await clockIn(page, new Date(startsAt.getTime() + 3_600_000), zone);
  return { start: start.time, range: `${start.time}–${end.time}`, zone: start.zone };
}

/** Picks a day in one of the search's date pickers, turning to the next month when the day is not shown. */
async function pickDay(page: Page, picker: string, isoDate: string) {
  await page.getByRole('button', { name: picker, exact: true }).click();
  const day = page.getByRole('button', { name: dayjs(isoDate).format('D MMMM YYYY'), exact: true });
  const next = page.locator('button[data-direction="next"]:visible');
  await expect(next).toBeVisible();
  if (!(await day.isVisible())) await next.click();
  await day.click();
}

test('a patient in New York and a psychologist in Kyiv see one session each on their own clock, moved, canceled, and its room held until it opens', async ({
  browser,
  request,
}) => {
  // Slow: two people in two zones walk book, move, cancel and a held room through two browsers, each screen twice.
  test.setTimeout(180_000);
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Oksana', therapyTypes: ['TRANZAKTNY_ANALIZ'] });
  await setTimeZone(request, doc, DOCTOR_ZONE);
  await setSchedule(request, doc, everyDay(['10:00', '11:00'], ['12:00', '13:00']));
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Emily' });
  await setTimeZone(request, patient, PATIENT_ZONE);
  const doctorName = `${doc.firstName} ${doc.lastName}`;
  const patientName = `${patient.firstName} ${patient.lastName}`;

  const patientContext = await browser.newContext({ timezoneId: PATIENT_ZONE });
  const doctorContext = await browser.newContext({ timezoneId: DOCTOR_ZONE });
  try {
    const pat = await newScreenPage(patientContext);
    const docPage = await newScreenPage(doctorContext);
    await useSession(pat, patient);
    await useSession(docPage, doc);

    // Two days ahead on the patient's calendar: more than a day before any of its slots, so the session can move.
    const today = dayIn(PATIENT_ZONE);
    const day = addDays(today, 2);
    const first = kyiv(day, '10:00');
    const second = kyiv(day, '12:00');
    const [patFirst, patSecond] = [await hourOn(pat, first, PATIENT_ZONE), await hourOn(pat, second, PATIENT_ZONE)];
    const [docFirst, docSecond] = [await hourOn(docPage, first, DOCTOR_ZONE), await hourOn(docPage, second, DOCTOR_ZONE)];

    // Search: the dates are the patient's own days; each slot reads on their clock, with the psychologist's beside.
    await pat.goto('/patient/doctors');
    await expect(pat.getByRole('button', { name: 'From', exact: true })).toHaveText(spelled(today));
    await pickDay(pat, 'From', day);
    await expect(pat.getByRole('button', { name: 'To', exact: true })).toHaveText(spelled(addDays(day, 1)));
    await pat.getByRole('button', { name: 'Clear all' }).click();
    await pat
      .locator('label')
      .filter({ hasText: /^Transactional analysis$/ })
      .click();
    await pat.getByRole('button', { name: 'Search' }).click();
    const card = pat.getByRole('article', { name: doctorName });
    const slot = card.getByRole('button', {
      name: `Book ${patFirst.range} ${patFirst.zone} ${docFirst.start} in Kyiv on ${spelled(day)}`,
    });
    await expect(slot).toContainText(`${patFirst.range} ${patFirst.zone}`);
    await expect(slot).toContainText(`${docFirst.start} in Kyiv`);
    await slot.click();
    const confirm = pat.getByRole('dialog', { name: 'Confirm your appointment' });
    await expect(confirm.getByRole('row', { name: 'Time' })).toContainText(
      `${patFirst.range} ${patFirst.zone} · ${docFirst.start} in Kyiv`,
    );
    await confirm.getByRole('button', { name: 'Book appointment' }).click();
    await expect(pat.getByText('Your appointment is booked. You will find it in My appointments.')).toBeVisible();

    // Both lists show the one session, each on its own clock and with the other's local time.
    await pat.goto('/patient/appointments');
    const booked = pat
      .getByRole('region', { name: spelled(day) })
      .getByRole('article', { name: `${patFirst.range} ${doctorName}` });
    await expect(booked).toContainText(`${patFirst.range} ${patFirst.zone} · ${docFirst.start} in Kyiv`);
    await docPage.goto('/doctor/appointments');
    const docCard = docPage
      .getByRole('region', { name: spelled(day) })
      .getByRole('article', { name: `${docFirst.range} ${patientName}` });
    await expect(docCard).toContainText(`${docFirst.range} ${docFirst.zone} · ${patFirst.start} in New York`);

    // The patient moves it to the psychologist's noon, chosen with the keyboard among the free times.
    await booked.getByRole('button', { name: 'Reschedule' }).click();
    const move = pat.getByRole('dialog', { name: 'Reschedule the appointment' });
    await expect(move).toContainText(`${patFirst.range} ${patFirst.zone}`);
    const thatDay = move.getByRole('group', { name: spelled(day) });
    const target = thatDay.getByRole('radio', { name: `${patSecond.range} ${patSecond.zone} · ${docSecond.start} in Kyiv` });
    await expect(target).toBeVisible();
    // Its own time is taken (by itself), so it is not offered.
    await expect(thatDay.getByRole('radio', { name: new RegExp(`^${patFirst.range} `) })).toHaveCount(0);
    await target.focus();
    await pat.keyboard.press('Space');
    await expect(target).toBeChecked();
    await move.getByRole('button', { name: 'Move the appointment' }).focus();
    await pat.keyboard.press('Enter');
    await expect(pat.getByText('Your appointment has been moved')).toBeVisible();
    await expect(move).toBeHidden();
    const moved = pat.getByRole('article', { name: `${patSecond.range} ${doctorName}` });
    await expect(moved).toContainText(`${patSecond.range} ${patSecond.zone} · ${docSecond.start} in Kyiv`);
    await expect(pat.getByRole('article', { name: `${patFirst.range} ${doctorName}` })).toHaveCount(0);

    // The psychologist's list follows, in both languages.
    await docPage.reload();
    const docMoved = docPage.getByRole('article', { name: `${docSecond.range} ${patientName}` });
    await expect(docMoved).toContainText(`${docSecond.range} ${docSecond.zone} · ${patSecond.start} in New York`);
    await expect(docPage.getByRole('article', { name: `${docFirst.range} ${patientName}` })).toHaveCount(0);
    await docPage.getByText('UK', { exact: true }).click();
    await expect(docMoved).toContainText(`${patSecond.start} за часом New York`);

    // Then the patient cancels it.
    await moved.getByRole('button', { name: 'Cancel' }).click();
    const cancel = pat.getByRole('dialog', { name: 'Cancel the appointment' });
    await expect(cancel).toContainText(`${patSecond.range} ${patSecond.zone}`);
    await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(pat.getByText('Appointment canceled. You will find it under Archived.')).toBeVisible();
    await expect(moved).toHaveCount(0);

    // A session the next day: its room shows when it opens on the patient's clock, counts down, and holds the call.
    const next = await bookAt(request, patient, doc.id, kyiv(addDays(day, 1), '10:00'));
    const opens = await clockIn(pat, new Date(Date.parse(next.startsAt) - 15 * 60_000), PATIENT_ZONE);
    await pat.goto(`/video-chat-room?room=${next.videoCallRoomId}`);
    await expect(pat.getByText('The room is not open yet')).toBeVisible();
    await expect(
      pat.getByText(`It opens 15 minutes before the session starts: ${spelled(addDays(day, 1))}, ${opens.time} ${opens.zone}.`),
    ).toBeVisible();
    const timer = pat.getByRole('timer');
    await expect(timer).toHaveText(/^Opens in \d+d \d{2}:\d{2}:\d{2}$/);
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown ?? '');
    await expect(pat.getByRole('button', { name: 'Join the call' })).toBeDisabled();
    const details = pat.getByRole('region', { name: 'Session details' });
    await expect(details).toContainText(`${(await hourOn(pat, new Date(next.startsAt), PATIENT_ZONE)).range}`);
    await expect(details).toContainText('10:00 in Kyiv');
  } finally {
    await patientContext.close();
    await doctorContext.close();
  }
});
