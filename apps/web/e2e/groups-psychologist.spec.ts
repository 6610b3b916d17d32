import { expect, type Page } from '@playwright/test';
import type { PlatformInfo } from '@rozmova/contract';
import dayjs from 'dayjs';
import { test } from './support/fixtures';
import { axeProblems, layoutProblems, underFloatingButton } from './support/layout-checks';
import { bearer, everyDay, setSchedule } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

/** GROUP_SHOTS=1 keeps screenshots of the screens, desktop and phone, in test-results/groups, to look at. */
const SHOTS = process.env.GROUP_SHOTS === '1';
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `test-results/groups/${name}.png`, fullPage: true });
};
const spelled = (isoDate: string) => dayjs(isoDate).locale('en').format('MMMM D, YYYY');

/** What a phone shows wrong, measured at the end of the page, where the docked menu bar has cleared it. */
async function phoneProblems(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return [...(await layoutProblems(page)), ...(await underFloatingButton(page)), ...(await axeProblems(page))];
}

test('a psychologist creates a weekly group on their own clock and sees its sessions', async ({
  page,
  psychologist,
  request,
}) => {
  // Slow: the form, the program's page, and both again on a phone with layout and accessibility checks.
  test.slow();
  // The psychologist's zone is the platform's (no zone of their own): a week from its today, at 18:00 there.
  const { today, timeZone } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  const first = dayjs(today).add(7, 'day').format('YYYY-MM-DD');
  const dates = [0, 7, 14, 21].map((d) => dayjs(first).add(d, 'day').format('YYYY-MM-DD'));
  // A patient the psychologist treats (booked with them tomorrow morning), to add to the group.
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Marta', birthDate: '1990-05-17' });
  await setSchedule(request, psychologist, everyDay(['10:00', '11:00']));
  const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
  const booked = await request.post('/api/patient/appointments', {
    data: { psychologistId: psychologist.id, date: tomorrow, startTime: '10:00', endTime: '11:00' },
    headers: bearer(patient.token),
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await useSession(page, psychologist);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Groups', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Group programs' })).toBeVisible();
  await expect(page.getByText('No group programs yet')).toBeVisible();
  await shoot(page, 'list-empty-desktop');

  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group program' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Anxiety skills');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Eight evenings of skills for everyday worry.');
  await dialog.getByRole('combobox', { name: 'Therapy type' }).click();
  await page.getByRole('option', { name: 'Cognitive behavioural therapy (CBT)' }).click();
  const capacity = dialog.getByRole('textbox', { name: 'Capacity (patients)' });
  await expect(capacity).toHaveValue('3');
  await expect(dialog.getByText('Calls in the built-in video room hold up to 4 people in all: you and 3 members.')).toBeVisible();
  await capacity.fill('6');
  await expect(dialog.getByRole('note', { name: 'Call size' })).toContainText('6 members and you make 7 people');
  await capacity.fill('3');
  await expect(dialog.getByRole('radio', { name: 'By invitation' })).toBeChecked();
  // The first start is typed as the psychologist reads their own clock, the zone named beside it.
  await dialog.getByRole('textbox', { name: 'First session date' }).fill(first);
  await page.keyboard.press('Tab');
  await dialog.getByLabel('Start time').fill('18:00');
  await expect(dialog.getByText(`Times are on your clock: ${timeZone.replaceAll('_', ' ')}`)).toBeVisible();
  await dialog.getByText('60 min', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Number of sessions' }).fill('4');
  await expect(dialog.getByRole('radio', { name: 'Every week' })).toBeChecked();
  const preview = dialog.getByTestId('session-preview').getByRole('listitem');
  await expect(preview).toHaveCount(4);
  for (const [i, date] of dates.entries()) await expect(preview.nth(i)).toContainText(`${i + 1}. ${spelled(date)}, 18:00–19:00`);
  await shoot(page, 'create-desktop');
  await dialog.getByRole('button', { name: 'Create group' }).click();

  // The program's page: its sessions on the psychologist's clock, each movable and cancelable.
  await expect(page).toHaveURL(/\/groups\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Anxiety skills' })).toBeVisible();
  await expect(page.getByText('Members: 0 / 3')).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(4);
  for (const [i, date] of dates.entries()) {
    await expect(sessions.nth(i)).toContainText(`${spelled(date)}, 18:00–19:00`);
    await expect(sessions.nth(i).getByRole('button', { name: 'Move' })).toBeVisible();
  }
  await shoot(page, 'program-desktop');

  // A session opened before it starts: attendance waits for it, the note can be written now.
  await sessions.nth(0).getByRole('button', { name: 'Attendance & note' }).click();
  const session = page.getByRole('dialog', { name: new RegExp(`^Session 1: ${spelled(first)}`) });
  await expect(session.getByText('Attendance can be marked once the session has started.')).toBeVisible();
  await session.getByRole('textbox', { name: 'Group note' }).click();
  await page.keyboard.type('Plan: breathing, then worry time.');
  await session.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await shoot(page, 'session-desktop');
  await session.getByRole('button', { name: 'Close' }).click();

  // The members: a patient they treat is added from the list, with a way to write a note about them.
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('combobox', { name: 'Add a patient you treat' }).click();
  await page.getByRole('option', { name: `Marta ${patient.lastName}` }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const member = page.getByRole('listitem', { name: `Marta ${patient.lastName}` });
  await expect(member).toContainText(`Joined ${spelled(today)}`);
  await expect(member).toContainText('No attendance marked yet');
  await expect(page.getByText('Members: 1 / 3').first()).toBeVisible();
  await shoot(page, 'members-desktop');

  // The list shows it with its next session, and the appointments name it where a patient would be.
  await page.getByRole('link', { name: 'All groups' }).click();
  const card = page.getByRole('article', { name: 'Anxiety skills' });
  await expect(card).toContainText('Members: 1 / 3');
  await expect(card).toContainText(`Next session: ${spelled(first)}, 18:00–19:00`);
  await shoot(page, 'list-desktop');
  await page.goto('/doctor/appointments');
  await expect(page.getByRole('article').filter({ hasText: 'Group: Anxiety skills' })).toHaveCount(4);

  // A note about one member opens the records' own form with them chosen.
  await page.goBack();
  await card.getByRole('link', { name: 'Anxiety skills' }).click();
  await page.getByRole('tab', { name: 'Members' }).click();
  await member.getByRole('link', { name: `Write a note about Marta ${patient.lastName}` }).click();
  const note = page.getByRole('dialog', { name: 'New note' });
  await expect(note.getByRole('combobox', { name: 'Patient' })).toHaveValue(`Marta ${patient.lastName}`);
  await note.getByRole('button', { name: 'Close' }).click();

  // On a phone: nothing sideways, cut or overlapping, and nothing axe calls serious, on both screens and the form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/groups');
  await expect(card).toBeVisible();
  expect(await phoneProblems(page)).toEqual([]);
  await shoot(page, 'list-phone');
  await page.getByRole('button', { name: 'New group' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  expect(await layoutProblems(page)).toEqual([]);
  await shoot(page, 'create-phone');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await card.getByRole('link', { name: 'Anxiety skills' }).click();
  await expect(sessions).toHaveCount(4);
  expect(await phoneProblems(page)).toEqual([]);
  await shoot(page, 'program-phone');
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(member).toBeVisible();
  expect(await phoneProblems(page)).toEqual([]);
  await shoot(page, 'members-phone');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  // Opened from the end of the page, where the docked menu bar covers nothing of the page behind the dialog.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await sessions.nth(3).getByRole('button', { name: 'Attendance & note' }).click();
  const last = page.getByRole('dialog', { name: new RegExp(`^Session 4: ${spelled(dates[3])}`) });
  await expect(last.getByRole('textbox', { name: 'Group note' })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await shoot(page, 'session-phone');
});
