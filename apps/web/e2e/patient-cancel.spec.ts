import { type APIRequestContext, expect, test } from '@playwright/test';
import { DAYS_OF_WEEK, formatTime, type PlatformInfo } from '@rozmova/contract';
import dayjs from 'dayjs';
import { createOnboardedUser, useSession } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The platform's date and minute of the day now, from its zone. */
async function platformNow(request: APIRequestContext) {
  const { timeZone } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A psychologist free every half hour of every day, and a patient with a session in 3 days and one within 24 hours. */
async function sessions(request: APIRequestContext) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Halyna', lastName: 'Moroz' });
  const timeSlots = Array.from({ length: 48 }, (_, i) => ({ startTime: formatTime(i * 30), endTime: formatTime(i * 30 + 30) }));
  const schedule = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots })),
    headers: bearer(doc.token),
  });
  expect(schedule.ok(), await schedule.text()).toBe(true);
  const patient = await createOnboardedUser(request, 'PATIENT');
  const book = async (date: string, minute: number) => {
    const res = await request.post('/api/patient/appointments', {
      data: { psychologistId: doc.id, date, startTime: formatTime(minute), endTime: formatTime(minute + 30) },
      headers: bearer(patient.token),
    });
    expect(res.ok(), await res.text()).toBe(true);
    return `${formatTime(minute)}–${formatTime(minute + 30)}`;
  };
  const now = await platformNow(request);
  const later = await book(dayjs(now.date).add(3, 'day').format('YYYY-MM-DD'), 10 * 60);
  // The first half hour starting an hour from now or later: always less than a day ahead.
  const first = Math.ceil((now.minute + 60) / 30) * 30;
  const soon = await book(
    dayjs(now.date)
      .add(Math.floor(first / 1440), 'day')
      .format('YYYY-MM-DD'),
    first % 1440,
  );
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

  await card(later).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the appointment' });
  await expect(dialog.getByText('with Halyna Moroz')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('A work trip came up.');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment canceled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(later)).toContainText('A work trip came up.');
  await expect(card(later).getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await card(soon).getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText(/Less than 24 hours are left .* Please contact your psychologist\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(soon).getByRole('button', { name: 'Cancel' })).toBeVisible();
});
