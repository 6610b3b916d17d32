import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ClinicalRecord, PlatformInfo, RecordBody } from '@rozmova/contract';
import { DAYS_OF_WEEK } from '@rozmova/contract';
import dayjs from 'dayjs';
import { newScreenPage, test } from './support/fixtures';
import { createOnboardedUser, useSession } from './support/users';
import { expectNoXss, installXssTrap } from './support/xss';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** A time on the viewer's clock, with the zone's name. */
const DATE_TIME = /^\d{2}:\d{2} \d{2}\/\d{2}\/\d{4} GMT[+-]\d{1,2}$/;

/** A psychologist and a patient with an appointment tomorrow, booked through the API. */
async function pairWithAppointment(request: APIRequestContext) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST');
  const week = DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots: [{ startTime: '13:00', endTime: '14:00' }] }));
  const saved = await request.post('/api/psychologist/schedule', { data: week, headers: auth(doc.token) });
  expect(saved.ok(), await saved.text()).toBe(true);
  const me = await request.get('/api/user/me', { headers: auth(doc.token) });
  const { id: docId } = (await me.json()) as { id: number };

  const patient = await createOnboardedUser(request, 'PATIENT');
  const { today } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  const date = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
  const booked = await request.post('/api/patient/appointments', {
    data: { psychologistId: docId, date, startTime: '13:00', endTime: '14:00' },
    headers: auth(patient.token),
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const options = await request.get('/api/doctor/patients/for-records', { headers: auth(doc.token) });
  const patientId = ((await options.json()) as { id: number }[])[0]?.id;
  expect(patientId).toBeTruthy();
  return { doc, patient, patientId, patientName: `${patient.firstName} ${patient.lastName}` };
}

async function createNote(request: APIRequestContext, token: string, body: RecordBody): Promise<ClinicalRecord> {
  const res = await request.post('/api/api/records', { data: body, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const noteEditor = (page: Page) => page.getByRole('dialog').getByRole('textbox', { name: 'Note' });
const recordRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a psychologist writes a note from the floating menu, edits it, shares it and deletes another', async ({
  page,
  request,
  browser,
}) => {
  // Slow: a note's whole life in the editor (write, edit, share, delete), then read in the patient's own browser.
  test.slow();
  const { doc, patient, patientId, patientName } = await pairWithAppointment(request);
  await createNote(request, doc.token, { content: '<p>Old note to delete</p>', privacyLevel: 'DOCTOR_ONLY', patientId: null });
  await createNote(request, doc.token, { content: '<p>Private hypothesis</p>', privacyLevel: 'DOCTOR_ONLY', patientId });

  // From another screen: the floating menu opens the editor in place.
  await useSession(page, doc);
  await page.goto('/doctor/appointments');
  await page.getByRole('button', { name: 'Quick actions' }).click();
  await page.getByRole('menuitem', { name: 'Add record' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog).toBeVisible();
  const editor = noteEditor(page);
  await editor.click();
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Calm session');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Sleep diary');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Breathing exercise');
  await expect(editor.locator('strong')).toHaveText('Calm session');
  await expect(editor.locator('li')).toHaveCount(2);
  await dialog.getByRole('combobox', { name: 'Patient' }).click();
  await page.getByRole('option', { name: patientName }).click();
  await expect(dialog.getByRole('combobox', { name: 'Who can see it' })).toHaveValue('Visible to psychologist only');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/doctor\/appointments$/);

  // The list shows it with its preview; the floating menu is not on this screen.
  await page.getByRole('link', { name: 'Records' }).first().click();
  await expect(page.getByRole('heading', { name: 'Records' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick actions' })).toHaveCount(0);
  const row = recordRow(page, 'Calm session Sleep diary Breathing exercise');
  await expect(row.getByRole('cell', { name: patientName })).toBeVisible();
  await expect(row.getByText('Visible to psychologist only')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText(DATE_TIME);
  await expect(recordRow(page, 'Old note to delete').getByRole('cell', { name: 'For myself' })).toBeVisible();

  // Edit: the formatting comes back, more text and a wider audience are saved.
  await row.getByRole('button', { name: 'Edit note' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit note' });
  await expect(noteEditor(page).locator('strong')).toHaveText('Calm session');
  await noteEditor(page).getByText('Breathing exercise').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and a walk');
  await edit.getByRole('combobox', { name: 'Who can see it' }).click();
  await page.getByRole('option', { name: 'Visible to psychologist, patient and manager' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = recordRow(page, 'Calm session Sleep diary Breathing exercise and a walk');
  await expect(edited.getByText('Visible to psychologist, patient and manager')).toBeVisible();

  // Delete asks the browser first: dismissing keeps the note, accepting deletes it.
  const old = recordRow(page, 'Old note to delete');
  page.once('dialog', (d) => d.dismiss());
  await old.getByRole('button', { name: 'Delete note' }).click();
  await expect(old).toBeVisible();
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await old.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByText('Note deleted')).toBeVisible();
  await expect(old).toHaveCount(0);
  expect(asked).toBe('Delete this note? This cannot be undone.');
  await page.reload();
  await expect(edited).toBeVisible();
  await expect(recordRow(page, 'Old note to delete')).toHaveCount(0);

  // The patient sees the shared note, formatted, and not the private one.
  const patientContext = await browser.newContext();
  const patientPage = await newScreenPage(patientContext);
  await useSession(patientPage, patient);
  await patientPage.goto('/patient/appointments');
  const notes = patientPage.getByRole('region', { name: 'Notes from your psychologist' });
  await expect(notes.locator('strong')).toHaveText('Calm session');
  await expect(notes.getByText('Breathing exercise and a walk')).toBeVisible();
  await expect(notes.getByText('Private hypothesis')).toHaveCount(0);
  await expect(notes.getByRole('article')).toHaveCount(1);
  await patientContext.close();
});

test('note HTML that tries to run script never runs on any screen showing notes', async ({ page, request, browser }) => {
  const { doc, patient, patientId } = await pairWithAppointment(request);
  const payload =
    '<p>Hello <strong>there</strong></p><img src=x onerror="window.__xss=1">' +
    '<a href="javascript:window.__xss=2">link</a><svg onload="window.__xss=3"></svg>';
  await createNote(request, doc.token, { content: payload, privacyLevel: 'DOCTOR_PATIENT_MANAGER', patientId });
  const trap = await installXssTrap(page.context());

  await useSession(page, doc);
  await page.goto('/doctor/records');
  const row = recordRow(page, 'Hello there link');
  await expect(row).toBeVisible();
  await expect(row.locator('img, svg:not(.tabler-icon)')).toHaveCount(0);
  await row.getByRole('button', { name: 'Edit note' }).click();
  await expect(noteEditor(page).locator('strong')).toHaveText('there');
  await expect(noteEditor(page).locator('img, svg')).toHaveCount(0);
  await expect(noteEditor(page).locator('a[href^="javascript"]')).toHaveCount(0);
  await expectNoXss(page, trap, 'the records screen and editor');

  const patientContext = await browser.newContext();
  const patientTrap = await installXssTrap(patientContext);
  const patientPage = await newScreenPage(patientContext);
  await useSession(patientPage, patient);
  await patientPage.goto('/patient/appointments');
  const view = patientPage.getByRole('region', { name: 'Notes from your psychologist' }).locator('[data-rich-text]');
  await expect(view.locator('strong')).toHaveText('there');
  await expect(view.locator('img, svg, script')).toHaveCount(0);
  await expect(view.locator('a')).not.toHaveAttribute('href', /javascript/);
  await expectNoXss(patientPage, patientTrap, "the patient's notes");
  await patientContext.close();
});

test('the records screen and editor fit a phone and read in Ukrainian', async ({ page, request }) => {
  const { doc, patientId } = await pairWithAppointment(request);
  await createNote(request, doc.token, {
    content: `<p><strong>Session 3.</strong> ${'Talked about work stress and the weekly plan. '.repeat(6)}</p>`,
    privacyLevel: 'DOCTOR_MANAGER',
    patientId,
  });
  await createNote(request, doc.token, { content: '<p>Read the article on sleep hygiene</p>', privacyLevel: 'DOCTOR_ONLY' });
  await useSession(page, doc);
  await page.goto('/doctor/records');
  const long = recordRow(page, 'Session 3.');
  await expect(long).toBeVisible();
  // The preview is the first 150 characters of the text and an ellipsis.
  expect((await long.getByRole('cell').first().textContent())?.length).toBe(151);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(noteEditor(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article', { name: /^Session 3\./ })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Add note' }).click();
  await noteEditor(page).click();
  await page.keyboard.type('Typed on a phone');
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Something typed: closing asks first, and staying keeps the text.
  await page.keyboard.press('Escape');
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(noteEditor(page)).toHaveText('Typed on a phone');
  await page.getByRole('dialog', { name: 'New note' }).getByRole('button', { name: 'Close' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The floating menu on another screen, on a phone.
  await page.goto('/doctor/schedule');
  await page.getByRole('button', { name: 'Quick actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Send notification' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Create report' }).click();
  await expect(page.getByRole('dialog', { name: 'Create report' }).getByText(/progress report about one patient/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/doctor/records');
  await page.getByText('UK', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Нотатки', exact: true })).toBeVisible();
  await expect(recordRow(page, 'Read the article').getByRole('cell', { name: 'Для себе' })).toBeVisible();
  await expect(recordRow(page, 'Session 3.').getByText('Видно психологу та менеджеру')).toBeVisible();
});

test('a note saved in one tab and then in another: the second hears it is stale, reloads and keeps its text', async ({
  psychologist: doc,
  page,
  request,
}) => {
  await createNote(request, doc.token, { content: '<p>Plan for the week</p>', privacyLevel: 'DOCTOR_ONLY', patientId: null });
  await useSession(page, doc);
  const second = await newScreenPage(page.context());
  const openEditor = async (tab: Page) => {
    await tab.goto('/doctor/records');
    await recordRow(tab, 'Plan for the week').getByRole('button', { name: 'Edit note' }).click();
    await expect(noteEditor(tab)).toHaveText('Plan for the week');
    await noteEditor(tab).getByText('Plan for the week').click();
    await tab.keyboard.press('End');
  };
  await openEditor(page);
  await openEditor(second);

  await page.keyboard.type(' from the first tab');
  await page.getByRole('dialog', { name: 'Edit note' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();

  const dialog = second.getByRole('dialog', { name: 'Edit note' });
  await second.keyboard.type(' typed in the second tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'Changed elsewhere' });
  await expect(notice).toContainText('what you typed stays here');
  await notice.getByRole('button', { name: 'Reload' }).click();
  // The note's text as saved in the first tab, beside what this one holds.
  const content = dialog.getByRole('group', { name: 'Note', exact: true });
  await expect(content.getByRole('group', { name: 'Saved version' })).toContainText('Plan for the week from the first tab');
  await expect(content.getByRole('group', { name: 'In your form' })).toContainText('Plan for the week typed in the second tab');
  await expect(notice).toHaveCount(0);
  await expect(noteEditor(second)).toHaveText('Plan for the week typed in the second tab');

  // Saving now puts the typed text over the version just reloaded.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Note saved')).toBeVisible();
  await expect(recordRow(second, 'Plan for the week typed in the second tab')).toBeVisible();
  await second.close();
});

test('the notes list shows the newest 20 and loads older ones on request', async ({ psychologist: doc, page, request }) => {
  for (let i = 0; i <= 20; i++) {
    await createNote(request, doc.token, { content: `<p>Numbered note ${i}</p>`, privacyLevel: 'DOCTOR_ONLY', patientId: null });
  }
  await useSession(page, doc);
  await page.goto('/doctor/records');
  await expect(recordRow(page, 'Numbered note 20')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Numbered note' })).toHaveCount(20);
  await expect(recordRow(page, 'Numbered note 0')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show older notes' }).click();
  await expect(recordRow(page, 'Numbered note 0')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Numbered note' })).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Show older notes' })).toHaveCount(0);
});
